import LockResetOutlined from '@mui/icons-material/LockResetOutlined';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { ContractForm } from '../../../components/form/contract-form';
import { PasswordChangeFields, usePasswordChangeForm } from '../../../components/password-change-fields';
import { useAppDispatch } from '../../../lib/hooks';
import { updateUser } from '../../../lib/session';
import { useChangePasswordMutation } from '../api/auth-api';

interface RequiredPasswordChangeDialogProps {
  open: boolean;
  /** Offered so a user can leave without choosing a password. */
  onSignOut: () => void;
}

/**
 * Shown on the dashboard while the signed-in user has `must_change_password` (a temporary
 * password, docs/rules.md#passwords-never-shown). It cannot be dismissed until PUT /api/change-password succeeds.
 */
export function RequiredPasswordChangeDialog({ open, onSignOut }: RequiredPasswordChangeDialogProps) {
  const dispatch = useAppDispatch();
  const [changePassword] = useChangePasswordMutation();
  const { form, submit } = usePasswordChangeForm({
    save: (values) => changePassword(values).unwrap(),
    onSaved: () => dispatch(updateUser({ must_change_password: false })),
  });

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
      <ContractForm form={form} onSubmit={submit} aria-labelledby="required-password-title">
        <DialogTitle id="required-password-title" sx={{ display: 'flex', alignItems: 'center', gap: 1.25 }}>
          <LockResetOutlined color="primary" />
          Choose a New Password
        </DialogTitle>
        <DialogContent>
          <DialogContentText id="required-password-text" sx={{ mb: 2.5 }}>
            You signed in with a temporary password. Please choose a new password of at least 6 characters to continue.
          </DialogContentText>
          <Stack spacing={2}>
            <PasswordChangeFields
              autoFocus
              helperTexts={{ currentPassword: 'The temporary password from your email' }}
            />
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2.5, justifyContent: 'space-between' }}>
          <Button color="inherit" onClick={onSignOut} sx={{ whiteSpace: 'nowrap' }}>
            Sign Out
          </Button>
          <Button type="submit" variant="contained" disabled={form.pending} sx={{ whiteSpace: 'nowrap' }}>
            {form.pending ? 'Saving...' : 'Set New Password'}
          </Button>
        </DialogActions>
      </ContractForm>
    </Dialog>
  );
}
