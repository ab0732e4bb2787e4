import ApartmentRounded from '@mui/icons-material/ApartmentRounded';
import CheckRounded from '@mui/icons-material/CheckRounded';
import EngineeringRounded from '@mui/icons-material/EngineeringRounded';
import SchoolRounded from '@mui/icons-material/SchoolRounded';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { SectionHeading } from './section-heading';

interface Audience {
  id: string;
  title: string;
  intro: string;
  icon: ReactNode;
  color: string;
  /** A point that promises a screen links to it (signed-out visitors sign in first, then land there). */
  points: Array<string | { text: string; to: string }>;
}

const AUDIENCES: Audience[] = [
  {
    id: 'for-students',
    title: 'For Students',
    intro: 'Get the on-site experience your qualification needs.',
    icon: <SchoolRounded />,
    color: '#1d4ed8',
    points: [
      'Set your targets for boiler installs, services, pipework and repairs',
      'Get matched with a vetted, Gas Safe registered mentor',
      'Track every signed-off job towards your qualification',
      { text: 'Chat with your mentor and training centre in real time', to: '/dashboard?view=chat' },
    ],
  },
  {
    id: 'for-mentors',
    title: 'For Mentors',
    intro: 'Earn extra income by bringing a trainee on your jobs.',
    icon: <EngineeringRounded />,
    color: '#f97316',
    points: [
      'We match you with trainees who fit your work and location',
      'Sign digital job cards in seconds, on site',
      'Paid through self-billed invoices every 14 days',
      'No paperwork chasing: we handle the admin',
    ],
  },
  {
    id: 'for-training-centres',
    title: 'For Training Centres',
    intro: 'Place your learners with confidence and see their progress.',
    icon: <ApartmentRounded />,
    color: '#16a34a',
    points: [
      'Register students in a couple of minutes',
      'See who is placed and who is awaiting placement',
      { text: 'Send announcements and message students directly', to: '/dashboard?view=chat' },
      { text: 'Raise support tickets whenever you need help', to: '/dashboard?view=support' },
    ],
  },
];

export function FeaturesSection() {
  return (
    <Box
      component="section"
      id="features"
      aria-labelledby="features-title"
      sx={{ py: { xs: 8, md: 12 }, bgcolor: '#fff' }}
    >
      <Container maxWidth="lg">
        <SectionHeading
          id="features-title"
          overline="Features"
          title="One platform for everyone in the journey"
          subtitle="Students, mentors and training centres each get a dashboard built around what they need to do next."
        />
        <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' } }}>
          {AUDIENCES.map((a) => (
            <Card
              key={a.id}
              id={a.id}
              sx={{
                height: '100%',
                transition: 'box-shadow .2s, transform .2s',
                '&:hover': { boxShadow: '0 20px 40px rgba(15,23,42,0.08)', transform: 'translateY(-2px)' },
              }}
            >
              <CardContent sx={{ p: { xs: 3, md: 4 } }}>
                <Box
                  sx={{
                    width: 52,
                    height: 52,
                    borderRadius: 3,
                    display: 'grid',
                    placeItems: 'center',
                    color: a.color,
                    bgcolor: `${a.color}14`,
                    mb: 2.5,
                    '& svg': { fontSize: 28 },
                  }}
                >
                  {a.icon}
                </Box>
                <Typography variant="h5" component="h3">
                  {a.title}
                </Typography>
                <Typography color="text.secondary" sx={{ mt: 1, mb: 2.5 }}>
                  {a.intro}
                </Typography>
                <Stack component="ul" spacing={1.5} sx={{ p: 0, m: 0, listStyle: 'none' }}>
                  {a.points.map((p) => (
                    <Stack
                      component="li"
                      key={typeof p === 'string' ? p : p.text}
                      direction="row"
                      spacing={1.25}
                      alignItems="flex-start"
                    >
                      <CheckRounded sx={{ fontSize: 20, color: a.color, mt: '2px' }} />
                      <Typography variant="body2" sx={{ lineHeight: 1.6 }}>
                        {typeof p === 'string' ? (
                          p
                        ) : (
                          <Link component={RouterLink} to={p.to} sx={{ fontWeight: 600 }}>
                            {p.text}
                          </Link>
                        )}
                      </Typography>
                    </Stack>
                  ))}
                </Stack>
              </CardContent>
            </Card>
          ))}
        </Box>
      </Container>
    </Box>
  );
}
