import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { AdminUserRole } from '../api/admin-api';
import type { AccountAction } from './account-action-dialog';

export interface UserRow {
  id: string;
  name: string;
  email: string;
  created: string;
  locked: boolean;
  vetted?: boolean;
  /** A second line under the name (account type, placement, business...). */
  caption?: string;
  /** Students only: unplaced, no pending proposal, not locked. */
  canMatch?: boolean;
}

interface UsersTableProps {
  role: AdminUserRole;
  label: string;
  rows: UserRow[];
  onAction: (action: AccountAction, row: UserRow) => void;
  onHistory: (row: UserRow) => void;
  onMatch?: (row: UserRow) => void;
}

function AccountChip({ locked }: { locked: boolean }) {
  return (
    <Chip
      size="small"
      label={locked ? 'Locked' : 'Active'}
      color={locked ? 'error' : 'success'}
      variant={locked ? 'filled' : 'outlined'}
    />
  );
}

function VettingChip({ vetted }: { vetted?: boolean }) {
  return (
    <Chip
      size="small"
      label={vetted ? 'Vetted' : 'Not Vetted'}
      color={vetted ? 'primary' : 'warning'}
      variant={vetted ? 'filled' : 'outlined'}
    />
  );
}

interface UserActionsProps extends Pick<UsersTableProps, 'onAction' | 'onHistory' | 'onMatch'> {
  row: UserRow;
  vetting: boolean;
  justifyContent: 'flex-start' | 'flex-end';
}

function UserActions({ row, vetting, onAction, onHistory, onMatch, justifyContent }: UserActionsProps) {
  return (
    <Stack direction="row" spacing={1} justifyContent={justifyContent} useFlexGap flexWrap="wrap">
      {onMatch && row.canMatch && (
        <Button size="small" variant="contained" onClick={() => onMatch(row)}>
          Match
        </Button>
      )}
      <Button
        size="small"
        variant="outlined"
        color={row.locked ? 'success' : 'error'}
        onClick={() => onAction(row.locked ? 'unlock' : 'lock', row)}
      >
        {row.locked ? 'Unlock' : 'Lock'}
      </Button>
      {vetting && (
        <Button
          size="small"
          variant="outlined"
          color={row.vetted ? 'warning' : 'primary'}
          onClick={() => onAction(row.vetted ? 'unvet' : 'vet', row)}
        >
          {row.vetted ? 'Unvet' : 'Vet'}
        </Button>
      )}
      <Button size="small" onClick={() => onHistory(row)}>
        History
      </Button>
    </Stack>
  );
}

/** Phones (below the theme's sm breakpoint): one stacked card per user, no sideways scrolling. */
function UserCards({ role, label, rows, onAction, onHistory, onMatch }: UsersTableProps) {
  const vetting = role !== 'student';
  if (rows.length === 0) {
    return (
      <Typography align="center" color="text.secondary" sx={{ py: 6 }}>
        No users found
      </Typography>
    );
  }
  return (
    <Stack component="ul" aria-label={label} spacing={1.5} sx={{ listStyle: 'none', m: 0, p: 1.5 }}>
      {rows.map((row) => (
        <Box
          component="li"
          key={row.id}
          data-user-id={row.id}
          sx={{ p: 1.75, border: '1px solid', borderColor: 'divider', borderRadius: 2, minWidth: 0 }}
        >
          <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
            {row.name}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {row.email}
          </Typography>
          {row.caption && (
            <Typography variant="caption" color="text.secondary" component="p" sx={{ overflowWrap: 'anywhere' }}>
              {row.caption}
            </Typography>
          )}
          <Stack direction="row" spacing={1} useFlexGap flexWrap="wrap" alignItems="center" sx={{ mt: 1 }}>
            <AccountChip locked={row.locked} />
            {vetting && <VettingChip vetted={row.vetted} />}
            <Typography variant="caption" color="text.secondary">
              Created {row.created}
            </Typography>
          </Stack>
          <Box sx={{ mt: 1.25 }}>
            <UserActions
              row={row}
              vetting={vetting}
              onAction={onAction}
              onHistory={onHistory}
              onMatch={onMatch}
              justifyContent="flex-start"
            />
          </Box>
        </Box>
      ))}
    </Stack>
  );
}

/**
 * Name, Email, Created, Account Status, Vetting Status (mentors and centres), Actions. On phones the
 * same rows are stacked cards with the same buttons.
 */
export function UsersTable(props: UsersTableProps) {
  const { role, label, rows, onAction, onHistory, onMatch } = props;
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const vetting = role !== 'student';
  if (phone) return <UserCards {...props} />;
  return (
    <TableContainer>
      <Table aria-label={label} size="medium">
        <TableHead>
          <TableRow>
            <TableCell>Name</TableCell>
            <TableCell>Email</TableCell>
            <TableCell>Created</TableCell>
            <TableCell>Account Status</TableCell>
            {vetting && <TableCell>Vetting Status</TableCell>}
            <TableCell align="right">Actions</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.length === 0 ? (
            <TableRow>
              <TableCell colSpan={vetting ? 6 : 5} align="center" sx={{ py: 6, color: 'text.secondary' }}>
                No users found
              </TableCell>
            </TableRow>
          ) : (
            rows.map((row) => (
              <TableRow key={row.id} hover data-user-id={row.id}>
                <TableCell>
                  <Typography variant="body2" sx={{ fontWeight: 600 }}>
                    {row.name}
                  </Typography>
                  {row.caption && (
                    <Typography variant="caption" color="text.secondary">
                      {row.caption}
                    </Typography>
                  )}
                </TableCell>
                <TableCell sx={{ overflowWrap: 'anywhere' }}>{row.email}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{row.created}</TableCell>
                <TableCell>
                  <AccountChip locked={row.locked} />
                </TableCell>
                {vetting && (
                  <TableCell>
                    <VettingChip vetted={row.vetted} />
                  </TableCell>
                )}
                <TableCell align="right">
                  <UserActions
                    row={row}
                    vetting={vetting}
                    onAction={onAction}
                    onHistory={onHistory}
                    onMatch={onMatch}
                    justifyContent="flex-end"
                  />
                </TableCell>
              </TableRow>
            ))
          )}
        </TableBody>
      </Table>
      <Box sx={{ height: 4 }} />
    </TableContainer>
  );
}
