import LockResetOutlined from '@mui/icons-material/LockResetOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { useState, type FormEvent } from 'react';
import { PasswordField } from '../../../components/password-field';
import { errorMessage } from '../../../lib/errors';
import { useAppDispatch } from '../../../lib/hooks';
import { updateUser } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { useChangePasswordMutation } from '../api/auth-api';

export const NEW_PASSWORD_MIN_LENGTH = 6;

type Field = 'currentPassword' | 'newPassword' | 'confirmPassword';

interface RequiredPasswordChangeDialogProps {
  open: boolean;
  /** Offered so a user can leave without choosing a password. */
  onSignOut: () => void;
}

/**
 * Shown on the dashboard while the signed-in user has `must_change_password` (a temporary
 * password, ruling 9). It cannot be dismissed until PUT /api/change-password succeeds.
 */
export function RequiredPasswordChangeDialog({ open, onSignOut }: RequiredPasswordChangeDialogProps) {
  const dispatch = useAppDispatch();
  const [values, setValues] = useState<Record<Field, string>>({ currentPassword: '', newPassword: '', confirmPassword: '' });
  const [invalid, setInvalid] = useState<Partial<Record<Field, boolean>>>({});
  const [changePassword, { isLoading }] = useChangePasswordMutation();

  const setField = (field: Field) => (e: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [field]: e.target.value }));
    setInvalid((s) => ({ ...s, [field]: false }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (isLoading) return;
    const errors: Array<[Field, string]> = [];
    if (!values.currentPassword) errors.push(['currentPassword', 'Current password is required']);
    if (!values.newPassword) errors.push(['newPassword', 'New password is required']);
    else if (values.newPassword.length < NEW_PASSWORD_MIN_LENGTH)
      errors.push(['newPassword', 'New password must be at least 6 characters']);
    if (values.newPassword && values.confirmPassword !== values.newPassword)
      errors.push(['confirmPassword', 'Password confirmation does not match']);
    setInvalid(Object.fromEntries(errors.map(([f]) => [f, true])));
    if (errors.length) {
      for (const [, message] of errors) toast.error(message);
      return;
    }
    try {
      await changePassword(values).unwrap();
      toast.success('Password changed successfully!');
      setValues({ currentPassword: '', newPassword: '', confirmPassword: '' });
      dispatch(updateUser({ must_change_password: false }));
    } catch (err) {
      toast.error(errorMessage(err, 'Failed to change password'));
    }
  };

  return (
    <Dialog
      open={open}
      onClose={() => undefined}
      disableEscapeKeyDown
      fullWidth
      maxWidth="xs"
      aria-labelledby="required-password-title"
      aria-describedby="required-password-text"
    >
      <Box component="form" onSubmit={submit} noValidate>
        <DialogTitle id="required-password-title" sx={{ display: 'flex', alignItems: 'center', gap: 1.25 }}>
          <LockResetOutlined color="primary" />
          Choose a New Password
        </DialogTitle>
        <DialogContent>
          <DialogContentText id="required-password-text" sx={{ mb: 2.5 }}>
            You signed in with a temporary password. Please choose a new password of at least 6 characters to
            continue.
          </DialogContentText>
          <Stack spacing={2}>
            <PasswordField
              autoFocus
              label="Current Password"
              name="currentPassword"
              autoComplete="current-password"
              helperText="The temporary password from your email"
              value={values.currentPassword}
              error={!!invalid.currentPassword}
              onChange={setField('currentPassword')}
            />
            <PasswordField
              label="New Password"
              name="newPassword"
              autoComplete="new-password"
              value={values.newPassword}
              error={!!invalid.newPassword}
              onChange={setField('newPassword')}
            />
            <PasswordField
              label="Confirm New Password"
              name="confirmPassword"
              autoComplete="new-password"
              value={values.confirmPassword}
              error={!!invalid.confirmPassword}
              onChange={setField('confirmPassword')}
            />
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2.5, justifyContent: 'space-between' }}>
          <Button color="inherit" onClick={onSignOut}>
            Sign Out
          </Button>
          <Button type="submit" variant="contained" disabled={isLoading}>
            {isLoading ? 'Saving...' : 'Set New Password'}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
