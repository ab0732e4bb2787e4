import CheckCircleOutlineRounded from '@mui/icons-material/CheckCircleOutlineRounded';
import CloudOffOutlined from '@mui/icons-material/CloudOffOutlined';
import WifiRounded from '@mui/icons-material/WifiRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { Logo } from '../../../components/logo';
import { useDocumentTitle } from '../../../lib/document-title';
import { useAppSelector } from '../../../lib/hooks';
import { selectUser } from '../../../lib/session';

/** What Panda does with no signal (docs/rules.md#installable-app). */
export const WORKS_OFFLINE = [
  'Opening Panda and your dashboard, with what it last loaded: your jobs, students, placements and the messages you had opened.',
  'Mentors: signing off a job card. It waits in the outbox and is sent when the signal returns.',
  'Trainees: confirming or disputing a sign-off. It waits in the outbox too.',
  'The outbox keeps what waits through reloads and closing the browser, and sends it in order, once, as you, when Panda can reach the server again. If the server refuses an item, it stays in the outbox with the reason, for you to retry or discard.',
];

export const NEEDS_SIGNAL = [
  'Signing in and signing up.',
  'Chat: messages are sent and received only online.',
  'Any other change: placements, requests, profiles, admin and centre work.',
  'Pages and downloads you had not opened before, and what others changed since you went offline.',
];

function Section({ title, icon, items, id }: { title: string; icon: ReactNode; items: string[]; id: string }) {
  return (
    <Paper component="section" aria-labelledby={id} variant="outlined" sx={{ p: { xs: 2.5, md: 3.5 }, mb: 3 }}>
      <Typography variant="h5" component="h2" id={id} sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1.5 }}>
        {icon}
        {title}
      </Typography>
      <Box component="ul" sx={{ m: 0, pl: 3, '& li': { mb: 1 } }}>
        {items.map((item) => (
          <Typography component="li" key={item}>
            {item}
          </Typography>
        ))}
      </Box>
    </Paper>
  );
}

/** /offline: what works with no signal and what does not. */
export function OfflineRoute() {
  useDocumentTitle('Working offline');
  const signedIn = !!useAppSelector(selectUser);
  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'background.default' }}>
      <Box component="header" sx={{ borderBottom: '1px solid', borderColor: 'divider', bgcolor: '#fff' }}>
        <Container maxWidth="md" sx={{ py: 1.5 }}>
          <Logo to={signedIn ? '/dashboard' : '/'} size={30} />
        </Container>
      </Box>
      <Container component="main" maxWidth="md" sx={{ py: { xs: 3, md: 5 } }}>
        <Typography variant="h4" component="h1" sx={{ display: 'flex', alignItems: 'center', gap: 1.25, mb: 1 }}>
          <CloudOffOutlined aria-hidden fontSize="large" />
          Working offline
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          In a basement, a loft or a new build with no signal, Panda keeps working for site work. Install it from your
          browser&apos;s menu (&quot;Install app&quot; or &quot;Add to Home Screen&quot;) so it opens like any other
          app.
        </Typography>
        <Section
          id="works-offline"
          title="Works with no signal"
          icon={<CheckCircleOutlineRounded aria-hidden color="success" />}
          items={WORKS_OFFLINE}
        />
        <Section id="needs-signal" title="Needs a connection" icon={<WifiRounded aria-hidden />} items={NEEDS_SIGNAL} />
        <Button component={RouterLink} to={signedIn ? '/dashboard' : '/'} variant="contained">
          {signedIn ? 'Back to your dashboard' : 'Back to Panda'}
        </Button>
      </Container>
    </Box>
  );
}
