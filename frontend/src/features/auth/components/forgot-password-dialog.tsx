import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import { errorMessage } from '../../../lib/errors';
import { toast } from '../../../lib/toast';
import { useForgotPasswordMutation } from '../api/auth-api';

interface ForgotPasswordDialogProps {
  open: boolean;
  onClose: () => void;
  /** Prefills the address typed in the sign-in form. */
  initialEmail?: string;
}

export function ForgotPasswordDialog({ open, onClose, initialEmail = '' }: ForgotPasswordDialogProps) {
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="reset-password-title">
      {open && <ForgotPasswordForm onClose={onClose} initialEmail={initialEmail} />}
    </Dialog>
  );
}

function ForgotPasswordForm({ onClose, initialEmail }: { onClose: () => void; initialEmail: string }) {
  const [email, setEmail] = useState(initialEmail);
  const [invalid, setInvalid] = useState(false);
  const [forgotPassword, { isLoading }] = useForgotPasswordMutation();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (isLoading) return;
    const value = email.trim();
    if (!value) {
      setInvalid(true);
      toast.error('Please enter your email address');
      return;
    }
    try {
      await forgotPassword({ email: value }).unwrap();
      toast.success('Password reset email sent! Check your inbox for the temporary password.');
      onClose();
    } catch (err) {
      toast.error(errorMessage(err, 'Failed to send reset email. Please try again.'));
    }
  };

  return (
    <form onSubmit={submit} noValidate>
      <DialogTitle id="reset-password-title">Reset Password</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2.5 }}>
          Enter the email address of your account and we&apos;ll email you a temporary password.
        </DialogContentText>
        <TextField
          autoFocus
          label="Email Address"
          name="email"
          type="email"
          autoComplete="email"
          value={email}
          error={invalid}
          onChange={(e) => {
            setEmail(e.target.value);
            setInvalid(false);
          }}
        />
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button onClick={onClose} color="inherit">
          Cancel
        </Button>
        <Button type="submit" variant="contained" disabled={isLoading}>
          {isLoading ? 'Sending...' : 'Send Reset Email'}
        </Button>
      </DialogActions>
    </form>
  );
}
