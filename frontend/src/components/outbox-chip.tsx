import CloudUploadOutlined from '@mui/icons-material/CloudUploadOutlined';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useOutboxItems } from '../lib/outbox';
import { outboxChipSx } from './queued-chip';

const OutboxDialog = lazy(() => import('./outbox-dialog').then((m) => ({ default: m.OutboxDialog })));

/** "2 waiting to send": how many items wait in the outbox (docs/rules.md#outbox). */
export const waitingText = (n: number) => `${n} waiting to send`;

/**
 * The header's outbox chip: shown while the signed-in user has items in the outbox; opens the
 * list. A refused item turns it red. `onCount` learns how many items wait (the sign-out warning).
 */
export function OutboxChip({ userId, onCount }: { userId: string; onCount: (waiting: number) => void }) {
  const items = useOutboxItems(userId);
  const [open, setOpen] = useState(false);
  useEffect(() => onCount(items.length), [items.length, onCount]);
  if (!items.length && !open) return null;
  const refused = items.filter((i) => i.status === 'refused').length;
  return (
    <>
      {items.length > 0 && (
        <Chip
          icon={<CloudUploadOutlined />}
          // On a phone "3 to send" leaves the title its room; the words are all there for assistive technology.
          label={
            <>
              {items.length}{' '}
              <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
                waiting{' '}
              </Box>
              to send{refused ? ` · ${refused} refused` : ''}
            </>
          }
          aria-label={refused ? `${waitingText(items.length)}, ${refused} refused` : waitingText(items.length)}
          onClick={() => setOpen(true)}
          variant="outlined"
          data-testid="outbox-chip"
          aria-haspopup="dialog"
          sx={outboxChipSx(refused > 0)}
        />
      )}
      {open && (
        <Suspense fallback={null}>
          <OutboxDialog items={items} userId={userId} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
