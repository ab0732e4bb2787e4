import AssignmentTurnedInRounded from '@mui/icons-material/AssignmentTurnedInRounded';
import HandshakeRounded from '@mui/icons-material/HandshakeRounded';
import HowToRegRounded from '@mui/icons-material/HowToRegRounded';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { SectionHeading } from './section-heading';

const STEPS: Array<{ title: string; text: string; icon: ReactNode }> = [
  {
    title: 'Apply to Join',
    text: 'Sign up as a mentor or training centre and complete your profile. Every account is vetted before it goes live.',
    icon: <HowToRegRounded />,
  },
  {
    title: 'We Handle the Matching',
    text: 'Our team pairs each trainee with a suitable mentor nearby, based on location, capacity and qualifications.',
    icon: <HandshakeRounded />,
  },
  {
    title: 'Start Supporting Students',
    text: 'Take trainees out on real jobs, sign off their job cards digitally and get paid on self-billed invoices.',
    icon: <AssignmentTurnedInRounded />,
  },
];

export function HowItWorks() {
  return (
    <Box component="section" id="how-it-works" aria-labelledby="how-it-works-title" sx={{ py: { xs: 8, md: 12 } }}>
      <Container maxWidth="lg">
        <SectionHeading
          id="how-it-works-title"
          overline="How it Works"
          title="From sign-up to signed-off jobs in three steps"
        />
        <Box
          component="ol"
          sx={{
            listStyle: 'none',
            p: 0,
            m: 0,
            display: 'grid',
            gap: { xs: 4, md: 5 },
            gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' },
            position: 'relative',
          }}
        >
          <Box
            aria-hidden
            sx={{
              display: { xs: 'none', md: 'block' },
              position: 'absolute',
              top: 32,
              left: '16%',
              right: '16%',
              borderTop: '2px dashed',
              borderColor: 'rgba(29, 78, 216, 0.25)',
            }}
          />
          {STEPS.map((step, i) => (
            <Box component="li" key={step.title} sx={{ textAlign: 'center', position: 'relative' }}>
              <Box
                sx={{
                  width: 64,
                  height: 64,
                  mx: 'auto',
                  borderRadius: '50%',
                  display: 'grid',
                  placeItems: 'center',
                  color: '#fff',
                  background: 'linear-gradient(135deg, #2563eb, #1e3a8a)',
                  boxShadow: '0 12px 26px rgba(29, 78, 216, 0.3)',
                  position: 'relative',
                  '& svg': { fontSize: 28 },
                }}
              >
                {step.icon}
                <Box
                  component="span"
                  sx={{
                    position: 'absolute',
                    top: -4,
                    right: -4,
                    width: 24,
                    height: 24,
                    borderRadius: '50%',
                    bgcolor: 'secondary.main',
                    color: '#fff',
                    fontSize: 12,
                    fontWeight: 800,
                    display: 'grid',
                    placeItems: 'center',
                    border: '2px solid #fff',
                  }}
                >
                  {i + 1}
                </Box>
              </Box>
              <Typography variant="h6" component="h3" sx={{ mt: 3 }}>
                {step.title}
              </Typography>
              <Typography color="text.secondary" sx={{ mt: 1, maxWidth: 320, mx: 'auto', lineHeight: 1.65 }}>
                {step.text}
              </Typography>
            </Box>
          ))}
        </Box>
      </Container>
    </Box>
  );
}
