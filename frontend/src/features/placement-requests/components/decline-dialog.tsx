import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import type { PlacementRequest } from '@panda/contracts/placements';
import { errorMessage } from '../../../lib/errors';
import { toast } from '../../../lib/toast';
import { useDeclinePlacementMutation } from '../api/placement-requests-api';

/** A mentor's decline of a placement request, with the reason the Panda team is told. */
export function DeclineDialog({ request, onClose }: { request: PlacementRequest | null; onClose: () => void }) {
  const [reason, setReason] = useState('');
  const [decline, { isLoading }] = useDeclinePlacementMutation();
  if (!request) return null;
  const submit = async () => {
    if (!reason.trim()) {
      toast.error('Please give a reason for declining');
      return;
    }
    try {
      await decline({ id: request.id, reason: reason.trim() }).unwrap();
      toast.success('Placement request declined');
      setReason('');
      onClose();
    } catch (err) {
      toast.error(errorMessage(err, 'Failed to decline the placement request'));
    }
  };
  return (
    <Dialog open onClose={isLoading ? undefined : onClose} fullWidth maxWidth="xs" aria-labelledby="decline-title">
      <DialogTitle id="decline-title">Decline {request.student.Name}?</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          The Panda team will look for another mentor. Please tell them why.
        </DialogContentText>
        <TextField
          label="Reason"
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          fullWidth
          multiline
          minRows={2}
          required
          autoFocus
          slotProps={{ htmlInput: { maxLength: 2000, 'aria-label': 'Reason' } }}
        />
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={isLoading}>
          Cancel
        </Button>
        <Button variant="contained" color="error" onClick={submit} disabled={isLoading}>
          {isLoading ? 'Declining...' : 'Decline request'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
