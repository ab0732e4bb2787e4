import Chip from '@mui/material/Chip';
import { TRAINEE_STATUS_LABELS } from '@panda/contracts/signoff-messages';
import type { SignedCard } from '../lib/job-types';

/**
 * Where a sign-off stands with the trainee (docs/rules.md#trainee-countersign): 'Awaiting trainee confirmation',
 * 'Confirmed by trainee' or 'Disputed', and how a dispute was resolved. Shown on every screen
 * that shows signatures.
 */
export function signOffStatusText(
  card: Pick<SignedCard, 'trainee_status' | 'trainee_status_label' | 'dispute' | 'revoked'>,
): string {
  const label = card.trainee_status_label ?? TRAINEE_STATUS_LABELS[card.trainee_status ?? 'awaiting_confirmation'];
  if (card.revoked) return `${label}: revoked`;
  if (card.dispute?.outcome === 'rejected') return `${label}: sign-off stands`;
  return label;
}

export function SignOffStatusChip({
  card,
}: {
  card: Pick<SignedCard, 'trainee_status' | 'trainee_status_label' | 'dispute' | 'revoked'>;
}) {
  const status = card.trainee_status ?? 'awaiting_confirmation';
  const color = card.revoked
    ? 'error'
    : status === 'confirmed'
      ? 'success'
      : status === 'disputed'
        ? 'warning'
        : 'default';
  return (
    <Chip
      size="small"
      variant="outlined"
      color={color}
      label={signOffStatusText(card)}
      data-testid="sign-off-status"
      sx={{ fontWeight: 600, maxWidth: '100%' }}
    />
  );
}
