import LockOutlined from '@mui/icons-material/LockOutlined';
import ShieldOutlined from '@mui/icons-material/ShieldOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Collapse from '@mui/material/Collapse';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { ContractForm } from '../../../components/form/contract-form';
import { PasswordChangeFields, usePasswordChangeForm } from '../../../components/password-change-fields';
import { useChangeAccountPasswordMutation } from '../api/profile-api';

/** Security Settings: a masked password placeholder (docs/rules.md#passwords-never-shown) and the Change Password panel. */
export function SecuritySettings() {
  const [open, setOpen] = useState(false);
  const [changePassword] = useChangeAccountPasswordMutation();
  const { form, submit } = usePasswordChangeForm({
    save: (values) => changePassword(values).unwrap(),
    onSaved: () => setOpen(false),
  });

  const toggle = () => {
    if (open) form.clear();
    setOpen((o) => !o);
  };

  return (
    <Card component="section" aria-labelledby="security-settings-title">
      <CardContent sx={{ p: { xs: 2.5, sm: 3.5 } }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mb: 2.5 }}>
          <Box
            sx={{
              width: 40,
              height: 40,
              borderRadius: 2.5,
              display: 'grid',
              placeItems: 'center',
              bgcolor: 'rgba(29, 78, 216, 0.08)',
              color: 'primary.main',
            }}
          >
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

        <Box
          sx={{
            display: 'flex',
            flexDirection: { xs: 'column', sm: 'row' },
            gap: 2,
            alignItems: { xs: 'stretch', sm: 'flex-start' },
          }}
        >
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
          <ContractForm
            id="change-password-panel"
            form={form}
            onSubmit={submit}
            aria-label="Change Password"
            sx={{
              mt: 3,
              p: { xs: 2, sm: 3 },
              borderRadius: 3,
              border: '1px solid',
              borderColor: 'divider',
              bgcolor: '#fafbfe',
            }}
          >
            <Typography variant="subtitle1" component="h3" sx={{ mb: 2 }}>
              Change Password
            </Typography>
            <Stack spacing={2} sx={{ maxWidth: 480 }}>
              <PasswordChangeFields />
              <Stack direction="row" spacing={1.5}>
                <Button type="submit" variant="contained" disabled={form.pending}>
                  {form.pending ? 'Updating...' : 'Update Password'}
                </Button>
                <Button color="inherit" onClick={toggle} disabled={form.pending}>
                  Cancel
                </Button>
              </Stack>
            </Stack>
          </ContractForm>
        </Collapse>
      </CardContent>
    </Card>
  );
}
