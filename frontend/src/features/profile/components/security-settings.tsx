import LockOutlined from '@mui/icons-material/LockOutlined';
import ShieldOutlined from '@mui/icons-material/ShieldOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Collapse from '@mui/material/Collapse';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { PasswordField } from '../../../components/password-field';
import { formatDetail } from '../../../lib/errors';
import { toast } from '../../../lib/toast';
import { useChangeAccountPasswordMutation, type PasswordChangeRequest } from '../api/profile-api';

export const NEW_PASSWORD_MIN_LENGTH = 6;

type Field = keyof PasswordChangeRequest;
const EMPTY: PasswordChangeRequest = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** Spec section 5 "Password change": each problem its own toast. */
export function validatePasswordChange(v: PasswordChangeRequest): Array<[Field, string]> {
  const errors: Array<[Field, string]> = [];
  if (!v.currentPassword) errors.push(['currentPassword', 'Current password is required']);
  if (!v.newPassword) errors.push(['newPassword', 'New password is required']);
  else if (v.newPassword.length < NEW_PASSWORD_MIN_LENGTH) errors.push(['newPassword', 'New password must be at least 6 characters']);
  if (v.newPassword && v.confirmPassword !== v.newPassword) errors.push(['confirmPassword', 'Password confirmation does not match']);
  return errors;
}

/** Security Settings: a masked password placeholder (ruling 9) and the Change Password panel. */
export function SecuritySettings() {
  const [open, setOpen] = useState(false);
  const [values, setValues] = useState<PasswordChangeRequest>(EMPTY);
  const [invalid, setInvalid] = useState<Partial<Record<Field, boolean>>>({});
  const [serverDetail, setServerDetail] = useState<string | null>(null);
  const [changePassword, { isLoading }] = useChangeAccountPasswordMutation();

  const setField = (field: Field) => (e: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [field]: e.target.value }));
    setInvalid((s) => ({ ...s, [field]: false }));
    setServerDetail(null);
  };

  const reset = () => {
    setValues(EMPTY);
    setInvalid({});
    setServerDetail(null);
  };

  const toggle = () => {
    if (open) reset();
    setOpen((o) => !o);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (isLoading) return;
    const errors = validatePasswordChange(values);
    setInvalid(Object.fromEntries(errors.map(([f]) => [f, true])));
    if (errors.length) {
      for (const [, message] of errors) toast.error(message);
      return;
    }
    try {
      await changePassword(values).unwrap();
      toast.success('Password changed successfully!');
      reset();
      setOpen(false);
    } catch (err) {
      toast.error('Failed to change password');
      const data = (err as { data?: { detail?: unknown } } | null)?.data;
      setServerDetail(formatDetail(data?.detail));
    }
  };

  return (
    <Card component="section" aria-labelledby="security-settings-title">
      <CardContent sx={{ p: { xs: 2.5, sm: 3.5 } }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mb: 2.5 }}>
          <Box sx={{ width: 40, height: 40, borderRadius: 2.5, display: 'grid', placeItems: 'center', bgcolor: 'rgba(29, 78, 216, 0.08)', color: 'primary.main' }}>
            <ShieldOutlined />
          </Box>
          <Box>
            <Typography id="security-settings-title" variant="h6" component="h2">
              Security Settings
            </Typography>
            <Typography variant="body2" color="text.secondary">
              Keep your account safe with a strong password.
            </Typography>
          </Box>
        </Box>

        <Box sx={{ display: 'flex', flexDirection: { xs: 'column', sm: 'row' }, gap: 2, alignItems: { xs: 'stretch', sm: 'flex-start' } }}>
          <TextField
            label="Password"
            name="Password"
            value="••••••••••"
            helperText="Hidden for your security"
            sx={{ maxWidth: { sm: 360 } }}
            slotProps={{
              input: {
                readOnly: true,
                startAdornment: (
                  <InputAdornment position="start">
                    <LockOutlined fontSize="small" />
                  </InputAdornment>
                ),
              },
              htmlInput: { 'aria-readonly': true, tabIndex: -1, style: { letterSpacing: '0.15em' } },
            }}
          />
          <Button
            variant={open ? 'outlined' : 'contained'}
            color={open ? 'inherit' : 'primary'}
            onClick={toggle}
            aria-expanded={open}
            aria-controls="change-password-panel"
            sx={{ mt: { sm: 1 }, whiteSpace: 'nowrap', alignSelf: { xs: 'flex-start', sm: 'flex-start' } }}
          >
            {open ? 'Cancel Password Change' : 'Change Password'}
          </Button>
        </Box>

        <Collapse in={open} unmountOnExit>
          <Box
            id="change-password-panel"
            component="form"
            onSubmit={submit}
            noValidate
            aria-label="Change Password"
            sx={{ mt: 3, p: { xs: 2, sm: 3 }, borderRadius: 3, border: '1px solid', borderColor: 'divider', bgcolor: '#fafbfe' }}
          >
            <Typography variant="subtitle1" component="h3" sx={{ mb: 2 }}>
              Change Password
            </Typography>
            <Stack spacing={2} sx={{ maxWidth: 480 }}>
              <PasswordField
                label="Current Password"
                name="currentPassword"
                autoComplete="current-password"
                value={values.currentPassword}
                error={!!invalid.currentPassword}
                onChange={setField('currentPassword')}
              />
              <PasswordField
                label="New Password"
                name="newPassword"
                autoComplete="new-password"
                helperText="At least 6 characters"
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
              {serverDetail && (
                <Alert severity="error" variant="outlined">
                  {serverDetail}
                </Alert>
              )}
              <Stack direction="row" spacing={1.5}>
                <Button type="submit" variant="contained" disabled={isLoading}>
                  {isLoading ? 'Updating...' : 'Update Password'}
                </Button>
                <Button color="inherit" onClick={toggle} disabled={isLoading}>
                  Cancel
                </Button>
              </Stack>
            </Stack>
          </Box>
        </Collapse>
      </CardContent>
    </Card>
  );
}
