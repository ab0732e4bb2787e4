import HistoryOutlined from '@mui/icons-material/HistoryOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Typography from '@mui/material/Typography';
import { EmptyState } from '../../../components/empty-state';
import { RetryAlert } from '../../../components/retry-alert';
import type { HistoryEntry } from '@panda/contracts/accounts';
import { useAccountHistoryQuery, type AdminUserRole } from '../api/admin-api';
import { dateTime } from '../lib/format';

export interface HistoryTarget {
  role: AdminUserRole;
  id: string;
  name: string;
}

const ACTION: Record<
  HistoryEntry['action'],
  { label: string; color: 'error' | 'success' | 'primary' | 'warning' | 'default' }
> = {
  locked: { label: 'Locked', color: 'error' },
  unlocked: { label: 'Unlocked', color: 'success' },
  vetted: { label: 'Vetted', color: 'primary' },
  unvetted: { label: 'Unvetted', color: 'warning' },
  placement_proposed: { label: 'Placement proposed', color: 'default' },
  placement_accepted: { label: 'Placement accepted', color: 'success' },
  placement_declined: { label: 'Placement declined', color: 'warning' },
  placement_ended: { label: 'Placement ended', color: 'default' },
};

/** "Amy Pond with Dave Clarke (cancelled)": a placement entry's parties and outcome. */
const placementLine = (p: NonNullable<HistoryEntry['placement']>) =>
  `${p.student_name} with ${p.mentor_name}${p.status ? ` (${p.status})` : ''}`;

/** The account's timeline (locks, vetting and placements): what, when, by whom, and why. */
export function HistoryDialog({ target, onClose }: { target: HistoryTarget | null; onClose: () => void }) {
  const { data, isFetching, isError, refetch } = useAccountHistoryQuery(
    target ? { role: target.role, id: target.id } : { role: 'student', id: '' },
    {
      skip: !target,
      refetchOnMountOrArgChange: true,
    },
  );
  if (!target) return null;
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="history-title">
      <DialogTitle id="history-title">Account history: {target.name}</DialogTitle>
      <DialogContent dividers>
        {isError ? (
          <RetryAlert onRetry={() => void refetch()}>Failed to load data</RetryAlert>
        ) : !data ? (
          <Box sx={{ display: 'grid', placeItems: 'center', py: 4 }}>
            <CircularProgress size={28} aria-label="Loading history" />
          </Box>
        ) : data.history.length === 0 ? (
          <EmptyState
            dense
            icon={<HistoryOutlined />}
            title="No history yet"
            text={`Account created ${dateTime(data.account.Created_At)}.`}
          />
        ) : (
          <List aria-label="Account timeline" sx={{ py: 0, opacity: isFetching ? 0.6 : 1 }}>
            {data.history.map((h) => (
              // The chip names what happened, so it is never cut (docs/rules.md#nothing-cut): beside the details from 600 px, above them on a phone.
              <ListItem
                key={h.id}
                divider
                alignItems="flex-start"
                sx={{ px: 0, gap: { xs: 1, sm: 2 }, flexDirection: { xs: 'column', sm: 'row' } }}
              >
                <Chip
                  label={ACTION[h.action].label}
                  color={ACTION[h.action].color}
                  size="small"
                  sx={{ minWidth: 88, mt: 0.25, flexShrink: 0 }}
                />
                <Box sx={{ minWidth: 0 }}>
                  {h.placement && (
                    <Typography variant="body2" sx={{ fontWeight: 600 }}>
                      {placementLine(h.placement)}
                    </Typography>
                  )}
                  <Typography variant="body2" sx={{ fontWeight: 600 }}>
                    {dateTime(h.at)} by {h.actor_name}
                    {h.actor_email ? ` (${h.actor_email})` : ''}
                  </Typography>
                  <Typography
                    variant="body2"
                    color={h.reason ? 'text.primary' : 'text.secondary'}
                    sx={{ fontStyle: h.reason ? 'normal' : 'italic', overflowWrap: 'anywhere' }}
                  >
                    {h.reason ? `Reason: ${h.reason}` : 'No reason given'}
                  </Typography>
                </Box>
              </ListItem>
            ))}
            <ListItem sx={{ px: 0 }}>
              <Typography variant="caption" color="text.secondary">
                Account created {dateTime(data.account.Created_At)}
              </Typography>
            </ListItem>
          </List>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
