import Typography from '@mui/material/Typography';
import { lateSendText, sentLate } from '@panda/contracts/signoff-messages';
import { formatDateTime } from '../lib/dates';

/**
 * A sign-off that reached Panda more than 24 hours after the device captured it (it waited in an
 * outbox) shows both times, to the centre and to auditors (docs/rules.md#outbox). Nothing otherwise.
 */
export function LateSendNote({ capturedAt, signedAt }: { capturedAt: string | null | undefined; signedAt: string }) {
  if (!capturedAt || !sentLate(capturedAt, signedAt)) return null;
  return (
    <Typography variant="body2" sx={{ mt: 0.5, color: 'warning.dark' }} data-testid="late-send">
      {lateSendText(formatDateTime(capturedAt), formatDateTime(signedAt))}
    </Typography>
  );
}
