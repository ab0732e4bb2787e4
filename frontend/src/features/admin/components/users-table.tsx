import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { DataTable, type Column, type PagerPaging } from '../../../components/data-table';
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
  paging?: PagerPaging;
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

/** A user on a phone: name, email, caption, status chips and the same buttons, stacked. */
function UserCard({ row, vetting, ...actions }: UserActionsProps) {
  return (
    <>
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
        <UserActions row={row} vetting={vetting} {...actions} />
      </Box>
    </>
  );
}

/**
 * Name, Email, Created, Account Status, Vetting Status (mentors and centres), Actions. On phones the
 * same rows are stacked cards with the same buttons.
 */
export function UsersTable({ role, label, rows, onAction, onHistory, onMatch, paging }: UsersTableProps) {
  const vetting = role !== 'student';
  const actions = { vetting, onAction, onHistory, onMatch };
  const columns: Column<UserRow>[] = [
    {
      key: 'name',
      header: 'Name',
      cell: (row) => (
        <>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {row.name}
          </Typography>
          {row.caption && (
            <Typography variant="caption" color="text.secondary">
              {row.caption}
            </Typography>
          )}
        </>
      ),
    },
    { key: 'email', header: 'Email', cell: (row) => row.email, sx: { overflowWrap: 'anywhere' } },
    { key: 'created', header: 'Created', cell: (row) => row.created, sx: { whiteSpace: 'nowrap' } },
    { key: 'account', header: 'Account Status', cell: (row) => <AccountChip locked={row.locked} /> },
    ...(vetting
      ? [{ key: 'vetting', header: 'Vetting Status', cell: (row: UserRow) => <VettingChip vetted={row.vetted} /> }]
      : []),
    {
      key: 'actions',
      header: 'Actions',
      align: 'right',
      cell: (row) => <UserActions row={row} {...actions} justifyContent="flex-end" />,
    },
  ];
  return (
    <DataTable
      label={label}
      columns={columns}
      rows={rows}
      rowKey={(row) => row.id}
      rowAttributes={(row) => ({ 'data-user-id': row.id })}
      empty="No users found"
      card={(row) => <UserCard row={row} {...actions} justifyContent="flex-start" />}
      paging={paging}
    />
  );
}
