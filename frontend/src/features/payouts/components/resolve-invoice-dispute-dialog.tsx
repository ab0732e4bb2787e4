import Typography from '@mui/material/Typography';
import { invoiceDisputeResolution, type InvoiceView } from '@panda/contracts/payouts';
import { useWatch } from 'react-hook-form';
import { FormDialog } from '../../../components/form/form-dialog';
import { FormRadioGroup } from '../../../components/form/form-radio-group';
import { FormTextField } from '../../../components/form/form-text-field';
import { useContractForm } from '../../../components/form/use-contract-form';
import { toast } from '../../../lib/toast';
import { useResolveInvoiceDisputeMutation } from '../api/payouts-api';
import { formatPence } from '../lib/money';

const penceInput = (typed: string) => (typed.trim() === '' ? undefined : Number(typed));

/**
 * An admin resolves a mentor's invoice dispute (docs/rules.md#invoice-disputes): reject it (the
 * invoice stands) or uphold it with a credit note for what the invoice overstated, net of VAT. The
 * server's refusal is shown under its field or as the form's one toast.
 */
export function ResolveInvoiceDisputeDialog({ invoice, onClose }: { invoice: InvoiceView; onClose: () => void }) {
  const form = useContractForm(invoiceDisputeResolution, {
    group: 'resolve-invoice-dispute',
    defaultValues: { outcome: undefined, credit_pence: undefined, reason: '' },
  });
  const outcome = useWatch({ control: form.control, name: 'outcome' });
  const [resolve] = useResolveInvoiceDisputeMutation();
  const submit = form.submitWith(async (values) => {
    const r = await resolve({
      id: invoice.id,
      body: { ...values, credit_pence: values.outcome === 'upheld' ? values.credit_pence : null },
    }).unwrap();
    toast.success(r.message);
    onClose();
  }, 'Failed to resolve the dispute');
  return (
    <FormDialog
      open
      onClose={() => {
        form.clear();
        onClose();
      }}
      title={`Resolve the dispute of invoice ${invoice.number}`}
      form={form}
      onSubmit={submit}
      pending={form.pending}
      submitLabel="Resolve dispute"
      pendingLabel="Saving..."
    >
      <Typography variant="body2" sx={{ mb: 1 }}>
        {invoice.mentor_name}: net {formatPence(invoice.net_pence)}, VAT {formatPence(invoice.vat_pence)}, gross{' '}
        {formatPence(invoice.gross_pence)}.
      </Typography>
      <Typography variant="body2" sx={{ mb: 2 }}>
        The mentor&apos;s dispute: &quot;{invoice.dispute_reason}&quot;
      </Typography>
      <FormRadioGroup
        name="outcome"
        label="Outcome"
        options={[
          { value: 'upheld', label: 'Uphold: issue a credit note' },
          { value: 'rejected', label: 'Reject: the invoice stands' },
        ]}
      />
      {outcome === 'upheld' && (
        <FormTextField
          name="credit_pence"
          label="Credit, net of VAT (pence)"
          type="number"
          required
          parse={penceInput}
          helperText={
            invoice.vat_number
              ? 'VAT at 20% is added to the credit note, as on the invoice.'
              : 'No VAT: not registered.'
          }
          slotProps={{ htmlInput: { min: 1, max: invoice.net_pence, step: 1, inputMode: 'numeric' } }}
          sx={{ mb: 2 }}
        />
      )}
      <FormTextField
        name="reason"
        label="Reason (the mentor sees it)"
        required
        multiline
        minRows={3}
        slotProps={{ htmlInput: { maxLength: 2000 } }}
      />
    </FormDialog>
  );
}
