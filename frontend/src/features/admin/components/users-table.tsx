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

/** Name, Email, Created, Account Status, Vetting Status (mentors and centres), Actions. */
export function UsersTable({ role, label, rows, onAction, onHistory, onMatch }: UsersTableProps) {
  const vetting = role !== 'student';
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
                  <Chip size="small" label={row.locked ? 'Locked' : 'Active'} color={row.locked ? 'error' : 'success'} variant={row.locked ? 'filled' : 'outlined'} />
                </TableCell>
                {vetting && (
                  <TableCell>
                    <Chip size="small" label={row.vetted ? 'Vetted' : 'Not Vetted'} color={row.vetted ? 'primary' : 'warning'} variant={row.vetted ? 'filled' : 'outlined'} />
                  </TableCell>
                )}
                <TableCell align="right">
                  <Stack direction="row" spacing={1} justifyContent="flex-end" useFlexGap flexWrap="wrap">
                    {onMatch && row.canMatch && (
                      <Button size="small" variant="contained" onClick={() => onMatch(row)}>
                        Match
                      </Button>
                    )}
                    <Button size="small" variant="outlined" color={row.locked ? 'success' : 'error'} onClick={() => onAction(row.locked ? 'unlock' : 'lock', row)}>
                      {row.locked ? 'Unlock' : 'Lock'}
                    </Button>
                    {vetting && (
                      <Button size="small" variant="outlined" color={row.vetted ? 'warning' : 'primary'} onClick={() => onAction(row.vetted ? 'unvet' : 'vet', row)}>
                        {row.vetted ? 'Unvet' : 'Vet'}
                      </Button>
                    )}
                    <Button size="small" onClick={() => onHistory(row)}>
                      History
                    </Button>
                  </Stack>
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
