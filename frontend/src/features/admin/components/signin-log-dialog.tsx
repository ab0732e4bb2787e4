import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { DataTable, type Column } from '../../../components/data-table';
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

const COLUMNS: Column<SignInAttempt>[] = [
  { key: 'time', header: 'Time', cell: (a) => dateTime(a.at), sx: { whiteSpace: 'nowrap' } },
  { key: 'email', header: 'Email', cell: (a) => a.email || '(none)', sx: { overflowWrap: 'anywhere' } },
  {
    key: 'outcome',
    header: 'Outcome',
    cell: (a) => (
      <Chip
        size="small"
        label={OUTCOME[a.outcome]?.label ?? a.outcome}
        color={OUTCOME[a.outcome]?.color ?? 'default'}
      />
    ),
  },
  { key: 'source', header: 'Source address', cell: (a) => a.source_address, sx: { fontFamily: 'monospace' } },
];

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
            <DataTable
              label="Admin sign-in attempts"
              size="small"
              hover={false}
              columns={COLUMNS}
              rows={items}
              rowKey={(a) => a.id}
              empty="No sign-in attempts recorded"
              paging={{
                kind: 'load-more',
                noun: ['attempt', 'attempts'],
                total,
                pages: { hasNextPage, isFetchingNextPage, fetchNextPage },
              }}
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
