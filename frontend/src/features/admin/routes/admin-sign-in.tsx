import ArrowBack from '@mui/icons-material/ArrowBack';
import LockOutlined from '@mui/icons-material/LockOutlined';
import ShieldOutlined from '@mui/icons-material/ShieldOutlined';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { LogoMark } from '../../../components/logo';
import { errorMessage } from '../../../lib/errors';
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
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [showPassword, setShowPassword] = useState(false);
  const [invalid, setInvalid] = useState(false);
  const [done, setDone] = useState(false);
  const [signIn, { isLoading }] = useAdminSignInMutation();
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(() => {
    const path = injectedPortalPath();
    if (path) rememberPortalPath(path);
    document.title = 'Admin Sign In · Panda';
    return () => {
      if (timer.current) clearTimeout(timer.current);
    };
  }, []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (isLoading || done) return;
    const value = email.trim();
    if (!value || !password) {
      setInvalid(true);
      toast.error('Please enter both email and password');
      return;
    }
    try {
      const response = await signIn({ email: value, password }).unwrap();
      // Admins and auditors (docs/rules.md#auditors) sign in here; the dashboard shows an auditor the Audit view only.
      const role = response.user.role;
      if (role !== 'admin' && role !== 'auditor') {
        toast.error('Invalid credentials');
        return;
      }
      if (!dispatch(completeLogin(response.token, response.user))) return;
      setDone(true);
      setPassword('');
      toast.success(role === 'admin' ? 'Welcome back, Admin!' : 'Welcome, Auditor!');
      timer.current = setTimeout(() => navigate(ADMIN_DASHBOARD_PATH, { replace: true }), NAVIGATE_AFTER_MS);
    } catch (err) {
      toast.error(errorMessage(err, 'Invalid credentials'));
    }
  };

  const busy = isLoading || done;

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

          <Box component="form" onSubmit={submit} noValidate aria-label="Admin sign in">
            <Stack spacing={2.25}>
              <TextField
                label="Email"
                name="email"
                type="email"
                autoComplete="username"
                autoFocus
                value={email}
                error={invalid && !email.trim()}
                onChange={(e) => {
                  setEmail(e.target.value);
                  setInvalid(false);
                }}
                slotProps={{ htmlInput: { 'aria-label': 'Email' } }}
              />
              <TextField
                label="Password"
                name="password"
                type={showPassword ? 'text' : 'password'}
                autoComplete="current-password"
                value={password}
                error={invalid && !password}
                onChange={(e) => {
                  setPassword(e.target.value);
                  setInvalid(false);
                }}
                slotProps={{
                  htmlInput: { 'aria-label': 'Password' },
                  input: {
                    endAdornment: (
                      <InputAdornment position="end">
                        <IconButton
                          aria-label={showPassword ? 'Hide password' : 'Show password'}
                          title={showPassword ? 'Hide password' : 'Show password'}
                          onClick={() => setShowPassword((v) => !v)}
                          onMouseDown={(e) => e.preventDefault()}
                          edge="end"
                          size="small"
                        >
                          {showPassword ? <VisibilityOff fontSize="small" /> : <Visibility fontSize="small" />}
                        </IconButton>
                      </InputAdornment>
                    ),
                  },
                }}
              />
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
          </Box>

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
