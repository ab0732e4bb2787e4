import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { DataTable, type Column, type PagerPaging } from '../../../components/data-table';
import type { Placement } from '../api/admin-api';
import { capitalise, placementCentre, shortDate, statusColor } from '../lib/format';

interface PlacementsTableProps {
  rows: Placement[];
  onOpen: (p: Placement) => void;
  paging?: PagerPaging;
}

const actionLabel = (p: Placement) => (p.Status === 'active' || p.Status === 'pending' ? 'Manage' : 'Details');

/** "10 of 18 cards (56%)", or a dash before any job is open. */
const progressText = (p: Placement) =>
  p.cards_required ? `${p.cards_signed ?? 0} of ${p.cards_required} cards (${p.progress_percent ?? 0}%)` : '—';

/** A placement on a phone: the same facts and button, stacked. */
function PlacementCard({ p, onOpen }: { p: Placement; onOpen: (p: Placement) => void }) {
  return (
    <Box sx={{ overflowWrap: 'anywhere' }}>
      <Stack direction="row" spacing={1} alignItems="flex-start" justifyContent="space-between">
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {p.student_name}
          </Typography>
          <Typography variant="caption" color="text.secondary" component="p">
            {p.student_email}
          </Typography>
        </Box>
        <Chip size="small" label={capitalise(p.Status)} color={statusColor(p.Status)} sx={{ flexShrink: 0 }} />
      </Stack>
      <Typography variant="body2" sx={{ mt: 1 }}>
        Mentor: {p.mentor_name}
      </Typography>
      <Typography variant="caption" color="text.secondary" component="p">
        {p.mentor_email}
      </Typography>
      <Typography variant="body2" sx={{ mt: 0.5 }}>
        Training Centre: {placementCentre(p)}
      </Typography>
      <Typography variant="body2" sx={{ mt: 0.5 }} data-testid="placement-progress">
        Progress: {progressText(p)}
      </Typography>
      <Stack direction="row" alignItems="center" justifyContent="space-between" spacing={1} sx={{ mt: 1 }}>
        <Typography variant="caption" color="text.secondary">
          Placed {shortDate(p.Placed_At, 'N/A')}
        </Typography>
        <Button size="small" onClick={() => onOpen(p)}>
          {actionLabel(p)}
        </Button>
      </Stack>
    </Box>
  );
}

/**
 * Student, Mentor, Training Centre, Status, Progress, Placed Date (N/A if missing); Manage or Details opens
 * the placement. On phones the same rows are stacked cards.
 */
export function PlacementsTable({ rows, onOpen, paging }: PlacementsTableProps) {
  const columns: Column<Placement>[] = [
    {
      key: 'student',
      header: 'Student',
      cell: (p) => (
        <>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {p.student_name}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {p.student_email}
          </Typography>
        </>
      ),
    },
    {
      key: 'mentor',
      header: 'Mentor',
      cell: (p) => (
        <>
          <Typography variant="body2">{p.mentor_name}</Typography>
          <Typography variant="caption" color="text.secondary">
            {p.mentor_email}
          </Typography>
        </>
      ),
    },
    { key: 'centre', header: 'Training Centre', cell: placementCentre },
    {
      key: 'status',
      header: 'Status',
      cell: (p) => <Chip size="small" label={capitalise(p.Status)} color={statusColor(p.Status)} />,
    },
    {
      key: 'progress',
      header: 'Progress',
      cell: progressText,
      sx: { whiteSpace: 'nowrap' },
      testId: 'placement-progress',
    },
    { key: 'placed', header: 'Placed Date', cell: (p) => shortDate(p.Placed_At, 'N/A'), sx: { whiteSpace: 'nowrap' } },
    {
      key: 'actions',
      header: 'Actions',
      align: 'right',
      cell: (p) => (
        <Button size="small" onClick={() => onOpen(p)}>
          {actionLabel(p)}
        </Button>
      ),
    },
  ];
  return (
    <DataTable
      label="Placements"
      columns={columns}
      rows={rows}
      rowKey={(p) => p.id}
      rowAttributes={(p) => ({ 'data-placement-id': p.id })}
      empty="No placements found"
      card={(p) => <PlacementCard p={p} onOpen={onOpen} />}
      paging={paging}
    />
  );
}
