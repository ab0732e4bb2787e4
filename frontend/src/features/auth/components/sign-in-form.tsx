import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import { LOCKED_PREFIX, SUPPORT_CONTACT } from '@panda/contracts/account-messages';
import { PasswordField } from '../../../components/password-field';
import { errorMessage } from '../../../lib/errors';
import { toast } from '../../../lib/toast';
import { useSignInMutation } from '../api/auth-api';
import { useCompleteAuth } from '../hooks/use-complete-auth';
import { lazyDialog } from '../../../components/lazy-dialog';

// Its form library loads when it first opens, not with the sign-in page (docs/rules.md#light-first-screens).
const ForgotPasswordDialog = lazyDialog(
  () => import('./forgot-password-dialog').then((m) => m.ForgotPasswordDialog),
  (p: { open: boolean; onClose: () => void; initialEmail?: string }) => p.open,
);

/** Tag of this form's error toasts: a new submit clears the earlier ones. */
const FORM_TOASTS = 'sign-in';

export function SignInForm() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [invalid, setInvalid] = useState<Record<string, boolean>>({});
  const [forgotOpen, setForgotOpen] = useState(false);
  const [signIn, { isLoading }] = useSignInMutation();
  const completeAuth = useCompleteAuth();
  const [done, setDone] = useState(false);
  // A locked account cannot sign in to reach the Support Center: the server's one message says why
  // and how to reach support; it is shown here alone, not also as a toast (docs/rules.md#locked-accounts).
  const [locked, setLocked] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (isLoading || done) return;
    const errors: Array<[string, string]> = [];
    const value = email.trim();
    if (!value) errors.push(['Email', 'Email is required']);
    if (!password) errors.push(['Password', 'Password is required']);
    toast.dismissErrors(FORM_TOASTS);
    setInvalid(Object.fromEntries(errors.map(([f]) => [f, true])));
    if (errors.length) {
      for (const [, message] of errors) toast.error(message, { group: FORM_TOASTS });
      return;
    }
    try {
      const response = await signIn({ Email: value, Password: password }).unwrap();
      if (completeAuth(response, 'Welcome back!')) {
        setDone(true);
        setPassword('');
      }
    } catch (err) {
      const detail = errorMessage(err, 'Invalid credentials');
      const lock = (err as { status?: unknown }).status === 403 && detail.startsWith(LOCKED_PREFIX);
      setLocked(lock ? detail : null);
      // One message: the lock's own, not also the toast that ended the session a moment ago.
      if (lock) toast.dismissErrors();
      else toast.error(detail, { group: FORM_TOASTS });
    }
  };

  const busy = isLoading || done;

  return (
    <>
      <Box component="form" onSubmit={submit} noValidate aria-label="Sign in">
        <Stack spacing={2.25}>
          <TextField
            label="Email"
            name="Email"
            type="email"
            autoComplete="email"
            slotProps={{ htmlInput: { required: true } }}
            value={email}
            error={!!invalid.Email}
            onChange={(e) => {
              setEmail(e.target.value);
              setInvalid((s) => ({ ...s, Email: false }));
            }}
          />
          <PasswordField
            label="Password"
            name="Password"
            autoComplete="current-password"
            slotProps={{ htmlInput: { required: true } }}
            value={password}
            error={!!invalid.Password}
            onChange={(e) => {
              setPassword(e.target.value);
              setInvalid((s) => ({ ...s, Password: false }));
            }}
          />
          <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: '4px !important' }}>
            <Button size="small" onClick={() => setForgotOpen(true)} sx={{ px: 1 }}>
              Forgot Password?
            </Button>
          </Box>
          {locked && (
            <Alert severity="warning" data-testid="locked-help">
              {locked}{' '}
              <Link href={`mailto:${SUPPORT_CONTACT.email}`} sx={{ fontWeight: 600 }}>
                E-mail support
              </Link>
            </Alert>
          )}
          <Button type="submit" variant="contained" size="large" fullWidth disabled={busy}>
            {busy ? 'Signing in...' : 'Sign In'}
          </Button>
        </Stack>
      </Box>
      <ForgotPasswordDialog open={forgotOpen} onClose={() => setForgotOpen(false)} initialEmail={email.trim()} />
    </>
  );
}
