import CloudUploadOutlined from '@mui/icons-material/CloudUploadOutlined';
import Chip from '@mui/material/Chip';
import type { OutboxItem } from '../lib/outbox';

/** "Sign-off waiting to send", or refused (its reason is in the outbox list). */
export const queuedText = (what: string, item: Pick<OutboxItem, 'status'>) =>
  item.status === 'refused' ? `${what} refused: see the outbox` : `${what} waiting to send`;

/** The outbox's chips' look: dark blue while waiting, dark red once refused (4.5:1 on white). */
export const outboxChipSx = (refused: boolean) => ({
  fontWeight: 700,
  maxWidth: '100%',
  color: refused ? '#991b1b' : '#1e3a8a',
  borderColor: refused ? '#991b1b' : '#1e3a8a',
  '& .MuiChip-icon': { color: 'inherit' },
});

/**
 * Shown in place of an action whose request already waits in the outbox (docs/rules.md#outbox), so
 * the same card is not signed (or confirmed) twice while there is no signal.
 */
export function QueuedChip({ item, what }: { item: OutboxItem; what: string }) {
  return (
    <Chip
      icon={<CloudUploadOutlined />}
      label={queuedText(what, item)}
      variant="outlined"
      data-testid="queued-in-outbox"
      sx={outboxChipSx(item.status === 'refused')}
    />
  );
}
