import Typography from '@mui/material/Typography';
import { invoiceDisputeRequest, type InvoiceView } from '@panda/contracts/payouts';
import { FormDialog } from '../../../components/form/form-dialog';
import { FormTextField } from '../../../components/form/form-text-field';
import { useContractForm } from '../../../components/form/use-contract-form';
import { formatDate } from '../../../lib/dates';
import { toast } from '../../../lib/toast';
import { useDisputeInvoiceMutation } from '../api/payouts-api';

/**
 * Dispute a self-billing invoice (docs/rules.md#invoice-disputes): within 7 days of its issue, once, paid
 * or not. An upheld dispute always makes a credit note: it comes off this invoice's payment, or, the
 * invoice being paid already, off the next payout. The server's refusal is shown as said.
 */
export function DisputeInvoiceDialog({ invoice, onClose }: { invoice: InvoiceView; onClose: () => void }) {
  const form = useContractForm(invoiceDisputeRequest, { group: 'dispute-invoice', defaultValues: { reason: '' } });
  const [dispute] = useDisputeInvoiceMutation();
  const submit = form.submitWith(async ({ reason }) => {
    const r = await dispute({ id: invoice.id, reason }).unwrap();
    toast.success(r.message);
    onClose();
  }, 'Failed to dispute the invoice');
  return (
    <FormDialog
      open
      onClose={() => {
        form.clear();
        onClose();
      }}
      title={`Dispute invoice ${invoice.number}`}
      form={form}
      onSubmit={submit}
      pending={form.pending}
      submitLabel="Dispute invoice"
      pendingLabel="Sending..."
    >
      <Typography variant="body2" sx={{ mb: 2 }}>
        You may dispute this invoice until {formatDate(invoice.dispute_until)}. If your dispute is upheld, Panda issues
        a credit note for what the invoice overstated,{' '}
        {invoice.status === 'paid'
          ? 'taken off your next payout, as this invoice has already been paid.'
          : 'taken off what this invoice pays you.'}
      </Typography>
      <FormTextField
        name="reason"
        label="What is wrong with the invoice?"
        required
        multiline
        minRows={3}
        slotProps={{ htmlInput: { maxLength: 2000 } }}
      />
    </FormDialog>
  );
}
