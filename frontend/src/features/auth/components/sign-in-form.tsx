import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { LOCKED_PREFIX, SUPPORT_CONTACT } from '@panda/contracts/account-messages';
import type { signInRequest } from '@panda/contracts/accounts';
import { ContractForm } from '../../../components/form/contract-form';
import { FormTextField } from '../../../components/form/form-text-field';
import { useContractForm } from '../../../components/form/use-contract-form';
import { errorMessage } from '../../../lib/errors';
import { toast } from '../../../lib/toast';
import { useSignInMutation } from '../api/auth-api';
import { useCompleteAuth } from '../hooks/use-complete-auth';
import { lazyDialog } from '../../../components/lazy-dialog';

// Its form loads when it first opens, not with the sign-in page (docs/rules.md#light-first-screens).
const ForgotPasswordDialog = lazyDialog(
  () => import('./forgot-password-dialog').then((m) => m.ForgotPasswordDialog),
  (p: { open: boolean; onClose: () => void; initialEmail?: string }) => p.open,
);

/** Loaded on the first check, so the sign-in page's first load carries no zod (docs/rules.md#light-first-screens). */
const loadSchema = () => import('@panda/contracts/accounts').then((m) => m.signInRequest);

export function SignInForm() {
  const form = useContractForm<typeof signInRequest>(loadSchema, {
    group: 'sign-in',
    defaultValues: { Email: '', Password: '' },
  });
  const [forgotOpen, setForgotOpen] = useState(false);
  const [signIn] = useSignInMutation();
  const completeAuth = useCompleteAuth();
  const [done, setDone] = useState(false);
  // A locked account cannot sign in to reach the Support Center: the server's one message says why
  // and how to reach support; it is shown here alone, not also as a toast (docs/rules.md#locked-accounts).
  const [locked, setLocked] = useState<string | null>(null);

  const submit = form.submitWith(async (values) => {
    if (done) return;
    try {
      const response = await signIn(values).unwrap();
      setLocked(null);
      if (completeAuth(response, 'Welcome back!')) {
        setDone(true);
        form.reset({ Email: values.Email, Password: '' });
      }
    } catch (err) {
      const detail = errorMessage(err, 'Invalid credentials');
      const lock = (err as { status?: unknown }).status === 403 && detail.startsWith(LOCKED_PREFIX);
      setLocked(lock ? detail : null);
      if (!lock) throw err;
      // One message: the lock's own, not also the toast that ended the session a moment ago.
      toast.dismissErrors();
    }
  }, 'Invalid credentials');

  const busy = form.pending || done;

  return (
    <>
      <ContractForm form={form} onSubmit={submit} aria-label="Sign in">
        <Stack spacing={2.25}>
          <FormTextField
            label="Email"
            name="Email"
            type="email"
            autoComplete="email"
            slotProps={{ htmlInput: { required: true } }}
          />
          <FormTextField
            label="Password"
            name="Password"
            password
            autoComplete="current-password"
            slotProps={{ htmlInput: { required: true } }}
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
      </ContractForm>
      <ForgotPasswordDialog
        open={forgotOpen}
        onClose={() => setForgotOpen(false)}
        initialEmail={(form.getValues('Email') ?? '').trim()}
      />
    </>
  );
}
