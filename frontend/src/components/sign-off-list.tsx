import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { DISPUTE_WINDOW_CLOSED } from '@panda/contracts/signoff-messages';
import { useEffect, useRef, useState } from 'react';
import { formatDate, formatDateTime } from '../lib/dates';
import { jobTypeName, type Job, type SignedCard } from '../lib/job-types';
import { toast } from '../lib/toast';
import { useGetStudentSignOffsQuery } from '../lib/signoff-api';
import { lazyDialog } from './lazy-dialog';
import { SignOffStatusChip } from './sign-off-status';
import { CardEvidence } from './card-evidence';
import { confirmPath, disputePath, OutboxFullError, sendOrQueue, useQueuedByPath } from '../lib/outbox';
import { LateSendNote } from './late-send-note';
import { QueuedChip } from './queued-chip';
import { useAppSelector } from '../lib/hooks';
import { selectUser } from '../lib/session';

/** Said when a confirmation or dispute made with no signal waits in the outbox. */
export const QUEUED_ACTION = 'No signal: it waits in the outbox and is sent when Panda can reach the server.';

/**
 * Sends a trainee's confirmation or dispute, or keeps it in the outbox with no signal, and says
 * which in a toast (docs/rules.md#outbox). False when the device has no room to keep it (said in
 * its own words): the form stays open with what was typed.
 */
export async function sendTraineeAction(
  send: (idempotencyKey: string) => Promise<{ message: string }>,
  item: Parameters<typeof sendOrQueue>[1],
  fullToast?: { group: string },
): Promise<boolean> {
  try {
    const outcome = await sendOrQueue(send, item);
    if ('queued' in outcome) toast.info(QUEUED_ACTION);
    else toast.success(outcome.sent.message);
    return true;
  } catch (err) {
    if (!(err instanceof OutboxFullError)) throw err;
    toast.error(err.message, fullToast);
    return false;
  }
}

export interface SignOffRow {
  card: SignedCard;
  jobType: string;
  number: number;
}

const rowsOf = (jobs: Job[]): SignOffRow[] =>
  jobs
    .flatMap((j) => (j.signatures ?? []).map((card, i) => ({ card, jobType: jobTypeName(j.Job_Type), number: i + 1 })))
    // ISO timestamps sort as plain strings (no locale collation needed).
    .sort((a, b) => {
      const [x, y] = [String(a.card.timestamp), String(b.card.timestamp)];
      return x < y ? 1 : x > y ? -1 : 0;
    });

/** The dispute and confirmation forms' code (zod, the form library) loads when a student first opens one (docs/rules.md#light-first-screens). */
const DisputeDialog = lazyDialog(
  () => import('./dispute-dialog').then((m) => m.DisputeDialog),
  (p) => !!p.row,
);
const ConfirmDialog = lazyDialog(
  () => import('./confirm-sign-off-dialog').then((m) => m.ConfirmSignOffDialog),
  (p) => !!p.row,
);

/**
 * Every sign-off of the given jobs, newest first, with where it stands with the trainee. With
 * `actions` (the student's own Training Jobs), a sign-off awaiting them has Confirm and, for 30 days, Dispute;
 * `focusId` (from a "card signed" notification's link) brings that card into view, outlined.
 */
export function SignOffList({
  jobs,
  actions = false,
  focusId = null,
}: {
  jobs: Job[];
  actions?: boolean;
  focusId?: string | null;
}) {
  const rows = rowsOf(jobs);
  const [disputing, setDisputing] = useState<SignOffRow | null>(null);
  // When the list was opened: what the dispute window is measured against (docs/rules.md#dispute-window).
  const [openedAt] = useState(() => Date.now());
  const [confirming, setConfirming] = useState<SignOffRow | null>(null);
  const userId = String(useAppSelector(selectUser)?.id ?? '');
  const queued = useQueuedByPath(userId || null);
  const focused = useRef<HTMLLIElement | null>(null);
  const found = rows.some((r) => r.card.signature_id === focusId);
  // Each card a notification links to is brought into view, also when another was focused before.
  useEffect(() => {
    if (found && focused.current) focused.current.scrollIntoView({ block: 'center' });
  }, [found, focusId]);

  if (rows.length === 0) return <Typography color="text.secondary">No job cards have been signed yet.</Typography>;
  return (
    <>
      {focusId && !found && (
        <Alert severity="info" sx={{ mb: 2 }}>
          That sign-off is not among your job cards.
        </Alert>
      )}
      <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label="Signed job cards">
        {rows.map((row) => {
          const { card } = row;
          const isFocus = !!focusId && card.signature_id === focusId;
          const awaiting =
            (card.trainee_status ?? 'awaiting_confirmation') === 'awaiting_confirmation' && !!card.signature_id;
          // Disputed here only within 30 days of the sign-off; the server refuses later (docs/rules.md#dispute-window).
          const mayDispute = openedAt <= Date.parse(card.dispute_until);
          // A confirmation or dispute already waiting in the outbox is shown instead of the buttons.
          const waiting = card.signature_id
            ? (queued.get(confirmPath(card.signature_id)) ?? queued.get(disputePath(card.signature_id)))
            : undefined;
          return (
            <Box
              component="li"
              key={card.signature_id ?? `${row.jobType}-${row.number}`}
              ref={isFocus ? focused : undefined}
              data-testid="sign-off-row"
              data-signature-id={card.signature_id}
              aria-label={`${row.jobType}, card ${row.number}`}
              sx={{
                p: 1.75,
                borderRadius: '12px',
                border: isFocus ? 2 : 1,
                borderColor: isFocus ? 'primary.main' : 'divider',
              }}
            >
              <Box
                sx={{
                  display: 'flex',
                  flexWrap: 'wrap',
                  alignItems: 'center',
                  gap: 1,
                  justifyContent: 'space-between',
                }}
              >
                <Typography sx={{ fontWeight: 700 }}>
                  {row.jobType}, card {row.number}
                </Typography>
                <SignOffStatusChip card={card} />
              </Box>
              <Typography variant="body2" sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
                Signed &quot;{card.signature}&quot; by {card.mentorName} on {formatDate(card.date)} at {card.time}
              </Typography>
              <CardEvidence card={card} />
              <LateSendNote capturedAt={card.captured_at} signedAt={card.signed_at} />
              {card.dispute && (
                <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
                  Disputed {formatDateTime(card.dispute.disputed_at)}: &quot;{card.dispute.reason}&quot;
                  {card.dispute.outcome
                    ? ` · Dispute ${card.dispute.outcome} ${formatDate(card.dispute.resolved_at)}: ${card.dispute.resolution_reason ?? ''}`
                    : ' · Waiting for an admin to decide'}
                </Typography>
              )}
              {actions && awaiting && waiting && (
                <Box sx={{ mt: 1.25 }}>
                  <QueuedChip item={waiting} what={waiting.kind === 'dispute' ? 'Dispute' : 'Confirmation'} />
                </Box>
              )}
              {actions && awaiting && !waiting && (
                <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 1.25 }}>
                  <Button size="small" variant="contained" color="success" onClick={() => setConfirming(row)}>
                    Confirm
                  </Button>
                  {mayDispute && (
                    <Button size="small" variant="outlined" color="warning" onClick={() => setDisputing(row)}>
                      Dispute
                    </Button>
                  )}
                </Box>
              )}
              {actions && awaiting && !waiting && !mayDispute && (
                <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }} data-testid="dispute-window-closed">
                  {DISPUTE_WINDOW_CLOSED}
                </Typography>
              )}
            </Box>
          );
        })}
      </Stack>
      <DisputeDialog row={disputing} onClose={() => setDisputing(null)} />
      <ConfirmDialog row={confirming} onClose={() => setConfirming(null)} />
    </>
  );
}

/** A student's sign-offs with their states, read-only (centre student detail). */
export function StudentSignOffs({ studentId }: { studentId: string }) {
  const query = useGetStudentSignOffsQuery(studentId);
  if (query.isLoading) return <Typography color="text.secondary">Loading sign-offs...</Typography>;
  if (query.isError)
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void query.refetch()} disabled={query.isFetching}>
            Retry
          </Button>
        }
      >
        Failed to load the sign-offs
      </Alert>
    );
  return <SignOffList jobs={query.data ?? []} />;
}
