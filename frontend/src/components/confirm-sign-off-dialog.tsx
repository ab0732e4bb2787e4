import Typography from '@mui/material/Typography';
import { REFLECTION_MAX } from '@panda/contracts/evidence';
import { confirmRequest } from '@panda/contracts/signoff';
import { formatDate } from '../lib/dates';
import { useAppSelector } from '../lib/hooks';
import { confirmPath } from '../lib/outbox';
import { selectUser } from '../lib/session';
import { useConfirmSignOffMutation } from '../lib/signoff-api';
import { FormDialog } from './form/form-dialog';
import { FormTextField } from './form/form-text-field';
import { useContractForm } from './form/use-contract-form';
import { sendTraineeAction, type SignOffRow } from './sign-off-list';

/**
 * The student's confirmation of one sign-off, with an optional reflection on the job
 * (docs/rules.md#trainee-countersign, docs/rules.md#evidence); checked by the contract's schema.
 */
export function ConfirmSignOffDialog({ row, onClose }: { row: SignOffRow | null; onClose: () => void }) {
  return row ? <ConfirmForm key={row.card.signature_id} row={row} onClose={onClose} /> : null;
}

function ConfirmForm({ row, onClose }: { row: SignOffRow; onClose: () => void }) {
  const form = useContractForm(confirmRequest, { group: 'confirm-sign-off', defaultValues: { reflection: '' } });
  const [confirm] = useConfirmSignOffMutation();
  const userId = String(useAppSelector(selectUser)?.id ?? '');
  const signatureId = row.card.signature_id ?? '';
  const close = () => {
    form.clear();
    onClose();
  };
  const submit = form.submitWith(async ({ reflection }) => {
    const sent = await sendTraineeAction(
      (idempotencyKey) => confirm({ signatureId, reflection, idempotencyKey }).unwrap(),
      {
        userId,
        kind: 'confirmation',
        label: `Confirmation of ${row.jobType}, card ${row.number}`,
        method: 'POST',
        path: confirmPath(signatureId),
        body: { reflection },
      },
      { group: 'confirm-sign-off' },
    );
    if (sent) onClose();
  }, 'Failed to confirm the sign-off');
  return (
    <FormDialog
      open
      onClose={close}
      title="Confirm this sign-off"
      form={form}
      onSubmit={submit}
      pending={form.pending}
      submitLabel="Confirm sign-off"
      pendingLabel="Confirming..."
    >
      <Typography variant="body2" sx={{ mb: 2 }}>
        {row.jobType}, card {row.number}: signed &quot;{row.card.signature}&quot; by {row.card.mentorName} on{' '}
        {formatDate(row.card.date)} at {row.card.time}. Confirming says you did this job as the card describes.
      </Typography>
      <FormTextField
        label="Your reflection (optional)"
        name="reflection"
        multiline
        minRows={3}
        helperText="What you did, what you learned, what you would do differently next time."
        slotProps={{ htmlInput: { maxLength: REFLECTION_MAX } }}
      />
    </FormDialog>
  );
}
