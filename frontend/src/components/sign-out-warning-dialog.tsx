import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { waitingText } from './outbox-chip';

/**
 * Asked before signing out while the outbox holds items (docs/rules.md#outbox): they stay on this
 * device and are sent only when the same user signs in again.
 */
export function SignOutWarningDialog({
  count,
  onCancel,
  onSignOut,
}: {
  count: number;
  onCancel: () => void;
  onSignOut: () => void;
}) {
  return (
    <Dialog open onClose={onCancel} aria-labelledby="sign-out-warning-title" aria-describedby="sign-out-warning-text">
      <DialogTitle id="sign-out-warning-title">{waitingText(count)}</DialogTitle>
      <DialogContent>
        <DialogContentText id="sign-out-warning-text">
          {count === 1 ? 'One item has' : `${count} items have`} not reached Panda yet. If you sign out, they stay on
          this device and are sent only when you sign in again here. Nobody else who signs in on this device can send or
          see them.
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} variant="contained">
          Stay signed in
        </Button>
        <Button onClick={onSignOut} color="error">
          Sign out anyway
        </Button>
      </DialogActions>
    </Dialog>
  );
}
