import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { LoadMore } from '../../../components/load-more';
import { RetryAlert } from '../../../components/retry-alert';
import { loadedItems } from '../../../lib/paging';
import type { SignInAttempt } from '@panda/contracts/accounts';
import { useSignInAttemptsInfiniteQuery } from '../api/admin-api';
import { dateTime } from '../lib/format';

const OUTCOME: Record<SignInAttempt['outcome'], { label: string; color: 'success' | 'error' | 'warning' | 'default' }> =
  {
    succeeded: { label: 'Signed in', color: 'success' },
    invalid_credentials: { label: 'Refused', color: 'error' },
    throttled: { label: 'Throttled', color: 'warning' },
    incomplete: { label: 'Incomplete', color: 'default' },
  };

/** Every attempt at the admin portal's sign-in (time, address, e-mail typed, outcome), newest first, 50 at a time. */
export function SignInLogDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { data, isError, refetch, hasNextPage, isFetchingNextPage, fetchNextPage } = useSignInAttemptsInfiniteQuery(
    undefined,
    { skip: !open, refetchOnMountOrArgChange: true },
  );
  const { items, total } = loadedItems(data);
  if (!open) return null;
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-labelledby="signin-log-title">
      <DialogTitle id="signin-log-title">Admin sign-in attempts</DialogTitle>
      <DialogContent dividers tabIndex={0} role="region" aria-label="Sign-in attempts list">
        {isError ? (
          <RetryAlert onRetry={() => void refetch()}>Failed to load data</RetryAlert>
        ) : !data ? (
          <Box sx={{ display: 'grid', placeItems: 'center', py: 4 }}>
            <CircularProgress size={28} aria-label="Loading sign-in attempts" />
          </Box>
        ) : (
          <>
            <Table size="small" aria-label="Admin sign-in attempts">
              <TableHead>
                <TableRow>
                  <TableCell>Time</TableCell>
                  <TableCell>Email</TableCell>
                  <TableCell>Outcome</TableCell>
                  <TableCell>Source address</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {items.length === 0 && (
                  <TableRow>
                    <TableCell colSpan={4} align="center">
                      No sign-in attempts recorded
                    </TableCell>
                  </TableRow>
                )}
                {items.map((a) => (
                  <TableRow key={a.id}>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{dateTime(a.at)}</TableCell>
                    <TableCell sx={{ overflowWrap: 'anywhere' }}>{a.email || '(none)'}</TableCell>
                    <TableCell>
                      <Chip
                        size="small"
                        label={OUTCOME[a.outcome]?.label ?? a.outcome}
                        color={OUTCOME[a.outcome]?.color ?? 'default'}
                      />
                    </TableCell>
                    <TableCell sx={{ fontFamily: 'monospace' }}>{a.source_address}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
            <LoadMore
              noun="attempts"
              shown={items.length}
              total={total}
              pages={{ hasNextPage, isFetchingNextPage, fetchNextPage }}
            />
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
