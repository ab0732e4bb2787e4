import ArrowBackRounded from '@mui/icons-material/ArrowBackRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { Logo } from '../../../components/logo';
import type { SignUpRole } from '@panda/contracts/accounts';
import { AuthBrandPanel } from '../components/auth-brand-panel';
import { SignInForm } from '../components/sign-in-form';
import { useDocumentTitle } from '../../../lib/document-title';

// The sign-up form and its form library load when the page is switched to signing up
// (docs/rules.md#light-first-screens).
const SignUpForm = lazy(() => import('../components/sign-up-form').then((m) => ({ default: m.SignUpForm })));

type Mode = 'signin' | 'signup';

function roleFromQuery(value: string | null): SignUpRole | null {
  return value === 'mentor' || value === 'training_centre' ? value : null;
}

/** /auth: sign in or sign up (?role=mentor|training_centre preselects a role, ?mode=signup opens sign-up). */
export function AuthRoute() {
  const [params] = useSearchParams();
  const queryRole = roleFromQuery(params.get('role'));
  const [mode, setMode] = useState<Mode>(() => (queryRole || params.get('mode') === 'signup' ? 'signup' : 'signin'));
  const [formKey, setFormKey] = useState(0);

  const switchMode = () => {
    // Switching resets fields, role and terms: the form is remounted in its initial state
    // (the role preselected by ?role=, if any).
    setFormKey((k) => k + 1);
    setMode((m) => (m === 'signin' ? 'signup' : 'signin'));
  };

  const signingUp = mode === 'signup';
  useDocumentTitle(signingUp ? 'Sign Up' : 'Sign In');

  return (
    <Box
      sx={{
        minHeight: '100vh',
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', md: '5fr 6fr' },
        bgcolor: 'background.default',
      }}
    >
      <Box
        component="aside"
        aria-label="About Panda"
        sx={{ display: { xs: 'none', md: 'block' }, position: 'sticky', top: 0, height: '100vh' }}
      >
        <AuthBrandPanel />
      </Box>
      <Box
        component="main"
        sx={{
          display: 'flex',
          flexDirection: 'column',
          alignItems: 'center',
          justifyContent: { xs: 'flex-start', md: 'center' },
          px: { xs: 2, sm: 4 },
          py: { xs: 3, md: 6 },
        }}
      >
        <Box sx={{ width: '100%', maxWidth: 500 }}>
          <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', mb: { xs: 3, md: 2 } }}>
            <Box sx={{ display: { xs: 'block', md: 'none' } }}>
              <Logo to="/" size={32} />
            </Box>
            <Button
              component={RouterLink}
              to="/"
              startIcon={<ArrowBackRounded />}
              color="inherit"
              size="small"
              sx={{ color: 'text.secondary', ml: { md: -1.5 } }}
            >
              Back to home
            </Button>
          </Box>
          <Paper
            variant="outlined"
            sx={{
              p: { xs: 3, sm: 4.5 },
              borderRadius: 4,
              boxShadow: '0 20px 50px rgba(15, 23, 42, 0.07)',
              borderColor: 'divider',
            }}
          >
            <Typography variant="h4" component="h1" sx={{ fontSize: { xs: '1.6rem', sm: '1.9rem' } }}>
              {signingUp ? 'Create your account' : 'Welcome back'}
            </Typography>
            <Typography color="text.secondary" sx={{ mt: 0.75, mb: 3.5 }}>
              {signingUp
                ? 'Join Panda as a mentor or a training centre.'
                : 'Sign in to your Panda account to continue.'}
            </Typography>
            {signingUp ? (
              <Suspense fallback={<LinearProgress aria-label="Loading the sign-up form" />}>
                <SignUpForm key={`up-${formKey}`} initialRole={queryRole} />
              </Suspense>
            ) : (
              <SignInForm key={`in-${formKey}`} />
            )}
            <Typography variant="body2" color="text.secondary" sx={{ mt: 3, textAlign: 'center' }}>
              {signingUp ? 'Already have an account?' : "Don't have an account?"}{' '}
              <Button
                variant="text"
                size="small"
                onClick={switchMode}
                sx={{ fontWeight: 700, px: 0.75, minWidth: 0, verticalAlign: 'baseline' }}
              >
                {signingUp ? 'Sign in' : 'Sign up'}
              </Button>
            </Typography>
          </Paper>
          {!signingUp && (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 2.5, textAlign: 'center', px: 2 }}>
              Students: sign in with the email and temporary password we sent when your training centre registered you.
            </Typography>
          )}
        </Box>
      </Box>
    </Box>
  );
}
