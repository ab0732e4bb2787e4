import ArrowBack from '@mui/icons-material/ArrowBack';
import LockOutlined from '@mui/icons-material/LockOutlined';
import ShieldOutlined from '@mui/icons-material/ShieldOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { adminSignInRequest } from '@panda/contracts/accounts';
import { Link as RouterLink, useNavigate } from 'react-router';
import { ContractForm } from '../../../components/form/contract-form';
import { FormTextField } from '../../../components/form/form-text-field';
import { useContractForm } from '../../../components/form/use-contract-form';
import { LogoMark } from '../../../components/logo';
import { useAppDispatch } from '../../../lib/hooks';
import { completeLogin } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { useAdminSignInMutation } from '../api/admin-api';
import { ADMIN_DASHBOARD_PATH, injectedPortalPath, rememberPortalPath } from '../lib/portal';
import { useDocumentTitle } from '../../../lib/document-title';

const NAVIGATE_AFTER_MS = 100;

/** Admin sign-in at the secret portal path (spec "Admin sign-in"). */
export function AdminSignInRoute() {
  useDocumentTitle('Admin Sign In');
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const form = useContractForm(adminSignInRequest, {
    group: 'admin-sign-in',
    defaultValues: { email: '', password: '' },
  });
  const [done, setDone] = useState(false);
  const [signIn] = useAdminSignInMutation();

  useEffect(() => {
    const path = injectedPortalPath();
    if (path) rememberPortalPath(path);
    document.title = 'Admin Sign In · Panda';
  }, []);

  // Signed in: the dashboard opens a moment later, after the welcome toast.
  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => navigate(ADMIN_DASHBOARD_PATH, { replace: true }), NAVIGATE_AFTER_MS);
    return () => clearTimeout(timer);
  }, [done, navigate]);

  const submit = form.submitWith(async (values) => {
    if (done) return;
    const response = await signIn(values).unwrap();
    // Admins and auditors (docs/rules.md#auditors) sign in here; the dashboard shows an auditor the Audit view only.
    const role = response.user.role;
    if (role !== 'admin' && role !== 'auditor') {
      toast.error('Invalid credentials', { group: 'admin-sign-in' });
      return;
    }
    if (!dispatch(completeLogin(response.token, response.user))) return;
    setDone(true);
    form.reset({ email: values.email, password: '' });
    toast.success(role === 'admin' ? 'Welcome back, Admin!' : 'Welcome, Auditor!');
  }, 'Invalid credentials');

  const busy = form.pending || done;

  return (
    <Box
      component="main"
      sx={{
        minHeight: '100vh',
        display: 'grid',
        placeItems: 'center',
        px: 2,
        py: 6,
        background: 'radial-gradient(circle at 20% 10%, #1e3a8a 0%, #0f172a 55%, #020617 100%)',
      }}
    >
      <Card sx={{ width: '100%', maxWidth: 440, borderRadius: 4, boxShadow: '0 30px 80px rgba(2, 6, 23, 0.55)' }}>
        <CardContent sx={{ p: { xs: 3, sm: 4.5 } }}>
          <Stack alignItems="center" spacing={1.5} sx={{ mb: 3, textAlign: 'center' }}>
            <LogoMark size={52} />
            <Typography variant="h5" component="h1" sx={{ fontWeight: 800 }}>
              Admin Portal
            </Typography>
            <Typography color="text.secondary" variant="body2">
              Sign in to manage accounts, vetting and placements.
            </Typography>
          </Stack>

          <Alert
            severity="warning"
            icon={<ShieldOutlined fontSize="inherit" />}
            sx={{ mb: 3 }}
            role="note"
            aria-label="Restricted area"
          >
            <strong>Restricted area.</strong> This portal is for authorised Panda administrators only. All access
            attempts are logged.
          </Alert>

          <ContractForm form={form} onSubmit={submit} aria-label="Admin sign in">
            <Stack spacing={2.25}>
              <FormTextField label="Email" name="email" type="email" autoComplete="username" autoFocus />
              <FormTextField label="Password" name="password" password autoComplete="current-password" />
              <Button
                type="submit"
                variant="contained"
                size="large"
                fullWidth
                disabled={busy}
                startIcon={<LockOutlined />}
              >
                {busy ? 'Signing in...' : 'Sign In'}
              </Button>
            </Stack>
          </ContractForm>

          <Box sx={{ mt: 3, textAlign: 'center' }}>
            <Button
              component={RouterLink}
              to="/"
              startIcon={<ArrowBack />}
              color="inherit"
              sx={{ color: 'text.secondary' }}
            >
              Back to Home
            </Button>
          </Box>
        </CardContent>
      </Card>
    </Box>
  );
}
