import Typography from '@mui/material/Typography';
import { disputeRequest } from '@panda/contracts/signoff';
import { formatDate } from '../lib/dates';
import { useAppSelector } from '../lib/hooks';
import { disputePath } from '../lib/outbox';
import { selectUser } from '../lib/session';
import { useDisputeSignOffMutation } from '../lib/signoff-api';
import { FormDialog } from './form/form-dialog';
import { FormTextField } from './form/form-text-field';
import { useContractForm } from './form/use-contract-form';
import { sendTraineeAction, type SignOffRow } from './sign-off-list';

const DISPUTE_REASON_MAX = 2000;

/**
 * The student's dispute of one sign-off, checked by the contract's dispute schema: a reason is
 * required (docs/rules.md#trainee-countersign, docs/rules.md#forms-from-contracts). With no signal
 * it waits in the outbox.
 */
export function DisputeDialog({ row, onClose }: { row: SignOffRow | null; onClose: () => void }) {
  return row ? <DisputeForm key={row.card.signature_id} row={row} onClose={onClose} /> : null;
}

function DisputeForm({ row, onClose }: { row: SignOffRow; onClose: () => void }) {
  const form = useContractForm(disputeRequest, { group: 'dispute', defaultValues: { reason: '' } });
  const [dispute] = useDisputeSignOffMutation();
  const userId = String(useAppSelector(selectUser)?.id ?? '');

  const close = () => {
    form.clear();
    onClose();
  };

  const submit = form.submitWith(async ({ reason }) => {
    const signatureId = row.card.signature_id ?? '';
    const sent = await sendTraineeAction(
      (idempotencyKey) => dispute({ signatureId, reason, idempotencyKey }).unwrap(),
      {
        userId,
        kind: 'dispute',
        label: `Dispute of ${row.jobType}, card ${row.number}`,
        method: 'POST',
        path: disputePath(signatureId),
        body: { reason },
      },
    );
    if (sent) onClose();
  }, 'Failed to send the dispute');

  return (
    <FormDialog
      open
      onClose={close}
      title="Dispute this sign-off"
      form={form}
      onSubmit={submit}
      pending={form.pending}
      submitLabel="Send dispute"
      pendingLabel="Sending..."
      submitColor="warning"
    >
      <Typography variant="body2" sx={{ mb: 2 }}>
        {row.jobType}, card {row.number}: signed &quot;{row.card.signature}&quot; by {row.card.mentorName} on{' '}
        {formatDate(row.card.date)} at {row.card.time}. Your training centre and the Panda team will review it; the card
        keeps counting until an admin decides.
      </Typography>
      <FormTextField
        autoFocus
        multiline
        minRows={3}
        label="Why do you dispute it?"
        name="reason"
        helperText="For example: I was not on that job, or the date is wrong."
        slotProps={{ htmlInput: { maxLength: DISPUTE_REASON_MAX } }}
        required
      />
    </FormDialog>
  );
}
