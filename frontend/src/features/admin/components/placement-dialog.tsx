import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type ReactNode } from 'react';
import { errorMessage } from '../../../lib/errors';
import { toast } from '../../../lib/toast';
import { useEndPlacementMutation, type Placement } from '../api/admin-api';
import { capitalise, dateTime, placementCentre, statusColor } from '../lib/format';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '150px 1fr' }, gap: { xs: 0, sm: 2 }, py: 0.75 }}>
      <Typography variant="body2" color="text.secondary" sx={{ fontWeight: 600 }}>
        {label}
      </Typography>
      <Typography variant="body2" component="div" sx={{ overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Box>
  );
}

/** Placement details; admins end an active placement (completed or cancelled) or withdraw a pending one, with notes. */
export function PlacementDialog({ placement, onClose }: { placement: Placement | null; onClose: () => void }) {
  const [status, setStatus] = useState<'completed' | 'cancelled'>(
    placement?.Status === 'pending' ? 'cancelled' : 'completed',
  );
  const [notes, setNotes] = useState('');
  const [ending, setEnding] = useState(false);
  const [endPlacement, { isLoading }] = useEndPlacementMutation();

  // Another placement, or a new status, starts the form again (adjusted while rendering, not in an effect).
  const shown = `${placement?.id}/${placement?.Status}`;
  const [shownFor, setShownFor] = useState(shown);
  if (shown !== shownFor) {
    setShownFor(shown);
    setStatus(placement?.Status === 'pending' ? 'cancelled' : 'completed');
    setNotes('');
    setEnding(false);
  }

  if (!placement) return null;
  const open = placement.Status === 'active' || placement.Status === 'pending';

  const submit = async () => {
    try {
      await endPlacement({ id: placement.id, status, notes: notes.trim() || undefined }).unwrap();
      toast.success(status === 'completed' ? 'Placement completed' : 'Placement cancelled');
      onClose();
    } catch (err) {
      toast.error(errorMessage(err, 'Failed to update placement'));
    }
  };

  return (
    <Dialog open onClose={isLoading ? undefined : onClose} fullWidth maxWidth="sm" aria-labelledby="placement-title">
      <DialogTitle id="placement-title">Placement Details</DialogTitle>
      <DialogContent dividers>
        <Row label="Status">
          <Chip size="small" label={capitalise(placement.Status)} color={statusColor(placement.Status)} />
        </Row>
        <Row label="Student">
          {placement.student_name} ({placement.student_email})
        </Row>
        <Row label="Mentor">
          {placement.mentor_name} ({placement.mentor_email})
        </Row>
        <Row label="Training Centre">{placementCentre(placement)}</Row>
        <Row label="Proposed">{dateTime(placement.Proposed_At ?? placement.Created_At)}</Row>
        <Row label="Placed">{dateTime(placement.Placed_At)}</Row>
        {placement.Ended_At && <Row label="Ended">{dateTime(placement.Ended_At)}</Row>}
        <Row label="Notes">{placement.Notes || 'None'}</Row>
        {placement.decline_reason && <Row label="Declined because">{placement.decline_reason}</Row>}
        {placement.reasons && placement.reasons.length > 0 && (
          <Row label="Why this mentor">
            <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
              {placement.reasons.map((r) => (
                <li key={r}>{r}</li>
              ))}
            </Box>
          </Row>
        )}
        {open && ending && (
          <>
            <Divider sx={{ my: 2 }} />
            <Stack spacing={2}>
              <Typography variant="subtitle1" component="h3">
                {placement.Status === 'pending' ? 'Withdraw this proposal' : 'End this placement'}
              </Typography>
              {placement.Status === 'active' && (
                <RadioGroup
                  row
                  aria-label="End status"
                  value={status}
                  onChange={(e) => setStatus(e.target.value as 'completed' | 'cancelled')}
                >
                  <FormControlLabel value="completed" control={<Radio />} label="Completed" />
                  <FormControlLabel value="cancelled" control={<Radio />} label="Cancelled" />
                </RadioGroup>
              )}
              {placement.Status === 'pending' && (
                <Alert severity="info">The proposal is cancelled; the mentor no longer sees it.</Alert>
              )}
              <TextField
                label="Notes"
                value={notes}
                onChange={(e) => setNotes(e.target.value)}
                multiline
                minRows={2}
                fullWidth
                slotProps={{ htmlInput: { maxLength: 2000, 'aria-label': 'Notes' } }}
              />
            </Stack>
          </>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 1.5 }}>
        <Button onClick={onClose} disabled={isLoading}>
          Close
        </Button>
        {open && !ending && (
          <Button variant="outlined" color="error" onClick={() => setEnding(true)}>
            {placement.Status === 'pending' ? 'Withdraw proposal' : 'End placement'}
          </Button>
        )}
        {open && ending && (
          <Button variant="contained" color="error" onClick={submit} disabled={isLoading}>
            {isLoading ? 'Saving...' : status === 'completed' ? 'Mark completed' : 'Cancel placement'}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
