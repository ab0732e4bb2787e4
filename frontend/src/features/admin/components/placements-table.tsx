import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { Placement } from '../api/admin-api';
import { capitalise, placementCentre, shortDate, statusColor } from '../lib/format';

/** Student, Mentor, Training Centre, Status, Placed Date (N/A if missing); Details opens the placement. */
export function PlacementsTable({ rows, onOpen }: { rows: Placement[]; onOpen: (p: Placement) => void }) {
  return (
    <TableContainer>
      <Table aria-label="Placements">
        <TableHead>
          <TableRow>
            <TableCell>Student</TableCell>
            <TableCell>Mentor</TableCell>
            <TableCell>Training Centre</TableCell>
            <TableCell>Status</TableCell>
            <TableCell>Placed Date</TableCell>
            <TableCell align="right">Actions</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.length === 0 ? (
            <TableRow>
              <TableCell colSpan={6} align="center" sx={{ py: 6, color: 'text.secondary' }}>
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
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{shortDate(p.Placed_At, 'N/A')}</TableCell>
                <TableCell align="right">
                  <Button size="small" onClick={() => onOpen(p)}>
                    {p.Status === 'active' || p.Status === 'pending' ? 'Manage' : 'Details'}
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
