import AccountBalanceOutlined from '@mui/icons-material/AccountBalanceOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { payoutDetailsRequest, type PayoutDetails } from '@panda/contracts/payouts';
import { useState } from 'react';
import { FormDialog } from '../../../components/form/form-dialog';
import { FormTextField } from '../../../components/form/form-text-field';
import { useContractForm } from '../../../components/form/use-contract-form';
import { RetryAlert } from '../../../components/retry-alert';
import { formatDate } from '../../../lib/dates';
import { toast } from '../../../lib/toast';
import { useGetPayoutDetailsQuery, useSavePayoutDetailsMutation } from '../api/payouts-api';

function Field({ label, value }: { label: string; value: string }) {
  return (
    <Box>
      <Typography variant="caption" color="text.secondary" component="p" sx={{ fontWeight: 600 }}>
        {label}
      </Typography>
      <Typography sx={{ fontWeight: 600 }}>{value}</Typography>
    </Box>
  );
}

/**
 * The VAT number and bank account form (the contract's schema). The sort code and account number are
 * typed afresh each time: the server keeps them sealed and answers only their last two digits.
 */
function PayoutDetailsDialog({ details, onClose }: { details: PayoutDetails; onClose: () => void }) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const form = useContractForm(payoutDetailsRequest, {
    group: 'payout-details',
    defaultValues: {
      VAT_Number: details.VAT_Number ?? '',
      Bank_Account_Name: details.Bank_Account_Name ?? '',
      Sort_Code: '',
      Account_Number: '',
    },
  });
  const [save] = useSavePayoutDetailsMutation();
  const submit = form.submitWith(async (values) => {
    const r = await save(values).unwrap();
    toast.success(r.message);
    onClose();
  }, 'Failed to save your payout details');
  return (
    <FormDialog
      open
      onClose={() => {
        form.clear();
        onClose();
      }}
      title="Payout details"
      form={form}
      onSubmit={submit}
      pending={form.pending}
      submitLabel="Save payout details"
      pendingLabel="Saving..."
      fullScreen={fullScreen}
    >
      <Stack spacing={2.5}>
        <FormTextField
          name="VAT_Number"
          label="VAT number"
          helperText={
            details.VAT_Registered
              ? 'GB and 9 or 12 digits; 20% VAT is added to your invoices.'
              : 'Leave empty if you are not VAT registered.'
          }
          autoComplete="off"
        />
        <FormTextField name="Bank_Account_Name" label="Name on the bank account" required autoComplete="name" />
        <FormTextField
          name="Sort_Code"
          label="Sort code"
          required
          helperText="6 digits, e.g. 12-34-56"
          autoComplete="off"
          slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 8 } }}
        />
        <FormTextField
          name="Account_Number"
          label="Account number"
          required
          helperText="8 digits"
          autoComplete="off"
          slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 10 } }}
        />
      </Stack>
    </FormDialog>
  );
}

/**
 * Under Profile, for a mentor: the VAT number and the bank account payouts go to (docs/rules.md#payout-periods),
 * the bank numbers masked to their last two digits, and when the self-billing agreement was made.
 */
export function PayoutDetailsCard() {
  const { data, isLoading, isError, refetch } = useGetPayoutDetailsQuery();
  const [open, setOpen] = useState(false);
  return (
    <Card component="section" aria-labelledby="payout-details-title" sx={{ maxWidth: 960 }}>
      <CardContent sx={{ p: { xs: 2.5, sm: 3.5 } }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mb: 2 }}>
          <AccountBalanceOutlined color="primary" aria-hidden />
          <Typography id="payout-details-title" variant="h6" component="h2">
            Payout details
          </Typography>
        </Box>
        {isLoading ? (
          <Skeleton width="50%" />
        ) : isError || !data ? (
          <RetryAlert onRetry={() => void refetch()}>Failed to load your payout details</RetryAlert>
        ) : (
          <Stack spacing={2}>
            <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
              <Field label="VAT number" value={data.VAT_Number ?? 'None'} />
              <Field label="Name on the bank account" value={data.Bank_Account_Name ?? 'Not given yet'} />
              <Field label="Sort code" value={data.Sort_Code ?? 'Not given yet'} />
              <Field label="Account number" value={data.Account_Number ?? 'Not given yet'} />
            </Box>
            <Typography variant="body2" color="text.secondary">
              {data.self_billing_agreed_at
                ? `Self-billing agreement made on ${formatDate(data.self_billing_agreed_at)}, when you agreed to the terms.`
                : 'The self-billing agreement is made when you agree to the terms in your business profile.'}
            </Typography>
            <Box>
              <Button variant="outlined" startIcon={<EditOutlined />} onClick={() => setOpen(true)}>
                {data.Sort_Code ? 'Change payout details' : 'Add payout details'}
              </Button>
            </Box>
          </Stack>
        )}
      </CardContent>
      {open && data && <PayoutDetailsDialog details={data} onClose={() => setOpen(false)} />}
    </Card>
  );
}
