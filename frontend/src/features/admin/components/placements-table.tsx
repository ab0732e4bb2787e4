import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Placement } from '../api/admin-api';
import { capitalise, placementCentre, shortDate, statusColor } from '../lib/format';

interface PlacementsTableProps {
  rows: Placement[];
  onOpen: (p: Placement) => void;
}

const actionLabel = (p: Placement) => (p.Status === 'active' || p.Status === 'pending' ? 'Manage' : 'Details');

/** Phones (below the theme's sm breakpoint): one stacked card per placement, no sideways scrolling. */
function PlacementCards({ rows, onOpen }: PlacementsTableProps) {
  if (rows.length === 0) {
    return (
      <Typography align="center" color="text.secondary" sx={{ py: 6 }}>
        No placements found
      </Typography>
    );
  }
  return (
    <Stack component="ul" aria-label="Placements" spacing={1.5} sx={{ listStyle: 'none', m: 0, p: 1.5 }}>
      {rows.map((p) => (
        <Box
          component="li"
          key={p.id}
          data-placement-id={p.id}
          sx={{
            p: 1.75,
            border: '1px solid',
            borderColor: 'divider',
            borderRadius: 2,
            minWidth: 0,
            overflowWrap: 'anywhere',
          }}
        >
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
      ))}
    </Stack>
  );
}

/**
 * Student, Mentor, Training Centre, Status, Placed Date (N/A if missing); Details opens the placement.
 * On phones the same rows are stacked cards.
 */
/** "10 of 18 cards (56%)", or a dash before any job is open. */
const progressText = (p: Placement) =>
  p.cards_required ? `${p.cards_signed ?? 0} of ${p.cards_required} cards (${p.progress_percent ?? 0}%)` : '—';

export function PlacementsTable({ rows, onOpen }: PlacementsTableProps) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  if (phone) return <PlacementCards rows={rows} onOpen={onOpen} />;
  return (
    <TableContainer>
      <Table aria-label="Placements">
        <TableHead>
          <TableRow>
            <TableCell>Student</TableCell>
            <TableCell>Mentor</TableCell>
            <TableCell>Training Centre</TableCell>
            <TableCell>Status</TableCell>
            <TableCell>Progress</TableCell>
            <TableCell>Placed Date</TableCell>
            <TableCell align="right">Actions</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.length === 0 ? (
            <TableRow>
              <TableCell colSpan={7} align="center" sx={{ py: 6, color: 'text.secondary' }}>
                No placements found
              </TableCell>
            </TableRow>
          ) : (
            rows.map((p) => (
              <TableRow key={p.id} hover data-placement-id={p.id}>
                <TableCell>
                  <Typography variant="body2" sx={{ fontWeight: 600 }}>
                    {p.student_name}
                  </Typography>
                  <Typography variant="caption" color="text.secondary">
                    {p.student_email}
                  </Typography>
                </TableCell>
                <TableCell>
                  <Typography variant="body2">{p.mentor_name}</Typography>
                  <Typography variant="caption" color="text.secondary">
                    {p.mentor_email}
                  </Typography>
                </TableCell>
                <TableCell>{placementCentre(p)}</TableCell>
                <TableCell>
                  <Chip size="small" label={capitalise(p.Status)} color={statusColor(p.Status)} />
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }} data-testid="placement-progress">
                  {progressText(p)}
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{shortDate(p.Placed_At, 'N/A')}</TableCell>
                <TableCell align="right">
                  <Button size="small" onClick={() => onOpen(p)}>
                    {actionLabel(p)}
                  </Button>
                </TableCell>
              </TableRow>
            ))
          )}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
