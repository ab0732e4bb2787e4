import ChatOutlined from '@mui/icons-material/ChatOutlined';
import FactCheckOutlined from '@mui/icons-material/FactCheckOutlined';
import GroupsOutlined from '@mui/icons-material/GroupsOutlined';
import HandshakeOutlined from '@mui/icons-material/HandshakeOutlined';
import HowToRegOutlined from '@mui/icons-material/HowToRegOutlined';
import InsightsOutlined from '@mui/icons-material/InsightsOutlined';
import ShieldOutlined from '@mui/icons-material/ShieldOutlined';
import TrackChangesOutlined from '@mui/icons-material/TrackChangesOutlined';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { WelcomeBanner } from '../../../components/welcome-banner';
import { useAppSelector } from '../../../lib/hooks';
import { roleLabel, selectUser } from '../../../lib/session';

interface Highlight {
  icon: ReactNode;
  title: string;
  text: string;
}

const INTRO: Record<string, string> = {
  student:
    'Track the jobs you need for your qualification, keep in touch with your mentor and training centre, and get help whenever you need it.',
  mentor:
    'Guide your matched trainees on real jobs, sign off their job cards and keep your business profile up to date.',
  training_centre: 'Register your students, follow their placements and stay in touch with them, all in one place.',
};

const HIGHLIGHTS: Record<string, Highlight[]> = {
  student: [
    {
      icon: <TrackChangesOutlined />,
      title: 'Set your goals',
      text: 'Tell us how many of each job you need to qualify.',
    },
    {
      icon: <HandshakeOutlined />,
      title: 'Get matched',
      text: 'We pair you with a Gas Safe registered mentor near you.',
    },
    {
      icon: <FactCheckOutlined />,
      title: 'Build your portfolio',
      text: 'Every job your mentor signs off counts towards your total.',
    },
  ],
  mentor: [
    {
      icon: <ShieldOutlined />,
      title: 'Your business profile',
      text: 'A complete, vetted profile lets us match trainees with you.',
    },
    { icon: <GroupsOutlined />, title: 'Matched trainees', text: 'Trainees join you on real jobs in your area.' },
    {
      icon: <FactCheckOutlined />,
      title: 'Digital job cards',
      text: 'Sign off each completed job in a couple of taps.',
    },
  ],
  training_centre: [
    { icon: <HowToRegOutlined />, title: 'Register students', text: 'Add learners once your centre has been vetted.' },
    {
      icon: <InsightsOutlined />,
      title: 'Follow placements',
      text: 'See who is placed and who is still awaiting a mentor.',
    },
    { icon: <ChatOutlined />, title: 'Stay in touch', text: 'Message students and keep everyone informed.' },
  ],
};

/** The welcome card every role sees on its overview. */
export function OverviewView() {
  const user = useAppSelector(selectUser);
  const role = String(user?.role ?? '');
  const firstName = role === 'training_centre' ? user?.Name || user?.First_Name : user?.First_Name || user?.Name;
  const highlights = HIGHLIGHTS[role] ?? [];

  return (
    <Stack spacing={3}>
      <WelcomeBanner badge={`${roleLabel(role)} dashboard`} glowSize={220} glowOverhang={60}>
        <Typography variant="h4" component="h2" sx={{ fontSize: { xs: '1.6rem', md: '2.1rem' } }}>
          Welcome{firstName ? `, ${firstName}` : ''}!
        </Typography>
        <Typography sx={{ mt: 1.5, maxWidth: 640, opacity: 0.9, fontSize: { md: '1.05rem' } }}>
          {INTRO[role] ?? 'Welcome to Panda.'}
        </Typography>
      </WelcomeBanner>

      {highlights.length > 0 && (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' } }}>
          {highlights.map((h) => (
            <Card key={h.title}>
              <CardContent sx={{ p: 3 }}>
                <Box
                  sx={{
                    width: 44,
                    height: 44,
                    borderRadius: 2.5,
                    display: 'grid',
                    placeItems: 'center',
                    bgcolor: 'rgba(29, 78, 216, 0.08)',
                    color: 'primary.main',
                    mb: 2,
                  }}
                >
                  {h.icon}
                </Box>
                <Typography variant="subtitle1" component="h3">
                  {h.title}
                </Typography>
                <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
                  {h.text}
                </Typography>
              </CardContent>
            </Card>
          ))}
        </Box>
      )}
    </Stack>
  );
}
