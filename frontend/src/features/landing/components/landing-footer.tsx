import Facebook from '@mui/icons-material/Facebook';
import Instagram from '@mui/icons-material/Instagram';
import LinkedIn from '@mui/icons-material/LinkedIn';
import XIcon from '@mui/icons-material/X';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { Logo } from '../../../components/logo';

interface FooterLink {
  label: string;
  to?: string;
  href?: string;
}

const PLATFORM: FooterLink[] = [
  { label: 'For Students', href: '#for-students' },
  { label: 'For Mentors', href: '#for-mentors' },
  { label: 'For Training Centres', href: '#for-training-centres' },
  { label: 'Sign In', to: '/auth' },
  { label: 'Create an Account', to: '/auth?mode=signup' },
  { label: 'Support Center', to: '/dashboard?view=support' },
];

const LEGAL: FooterLink[] = [
  { label: 'Terms & Conditions', to: '/terms-and-conditions' },
  { label: 'Data Protection', to: '/terms-and-conditions#data-protection' },
];

const SOCIAL: Array<{ label: string; href: string; icon: ReactNode }> = [
  { label: 'LinkedIn', href: 'https://www.linkedin.com/', icon: <LinkedIn /> },
  { label: 'Facebook', href: 'https://www.facebook.com/', icon: <Facebook /> },
  { label: 'Instagram', href: 'https://www.instagram.com/', icon: <Instagram /> },
  { label: 'X', href: 'https://x.com/', icon: <XIcon /> },
];

function FooterColumn({ title, links }: { title: string; links: FooterLink[] }) {
  return (
    <Box component="nav" aria-label={title}>
      <Typography
        component="h2"
        sx={{
          fontWeight: 700,
          fontSize: 14,
          letterSpacing: '0.06em',
          textTransform: 'uppercase',
          color: '#fff',
          mb: 2,
        }}
      >
        {title}
      </Typography>
      <Stack component="ul" spacing={1.25} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {links.map((l) => (
          <li key={l.label}>
            {l.to ? (
              <Link
                component={RouterLink}
                to={l.to}
                sx={{ color: 'rgba(255,255,255,0.7)', '&:hover': { color: '#fff' } }}
              >
                {l.label}
              </Link>
            ) : (
              <Link href={l.href} sx={{ color: 'rgba(255,255,255,0.7)', '&:hover': { color: '#fff' } }}>
                {l.label}
              </Link>
            )}
          </li>
        ))}
      </Stack>
    </Box>
  );
}

export function LandingFooter() {
  return (
    <Box
      component="footer"
      // On the dark footer the focus ring is light, to keep 3:1 against it.
      sx={{
        bgcolor: '#0b1222',
        color: 'rgba(255,255,255,0.7)',
        pt: { xs: 7, md: 9 },
        pb: 4,
        '& :focus-visible': { outlineColor: '#93c5fd' },
      }}
    >
      <Container maxWidth="lg">
        <Box
          sx={{
            display: 'grid',
            gap: { xs: 5, md: 4 },
            gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: '2fr 1fr 1fr 1fr' },
          }}
        >
          <Box sx={{ maxWidth: 340 }}>
            <Logo to="/" inverted />
            <Typography variant="body2" sx={{ mt: 2, lineHeight: 1.7 }}>
              Panda places gas-engineering trainees with expert, Gas Safe registered mentors. We handle the matching and
              the admin.
            </Typography>
          </Box>
          <FooterColumn title="Platform" links={PLATFORM} />
          <FooterColumn title="Legal" links={LEGAL} />
          <Box>
            <Typography
              component="h2"
              sx={{
                fontWeight: 700,
                fontSize: 14,
                letterSpacing: '0.06em',
                textTransform: 'uppercase',
                color: '#fff',
                mb: 2,
              }}
            >
              Social Links
            </Typography>
            <Stack direction="row" spacing={1}>
              {SOCIAL.map((s) => (
                <IconButton
                  key={s.label}
                  component="a"
                  href={s.href}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={`Panda on ${s.label}`}
                  sx={{
                    color: 'rgba(255,255,255,0.75)',
                    bgcolor: 'rgba(255,255,255,0.06)',
                    '&:hover': { bgcolor: 'rgba(255,255,255,0.14)', color: '#fff' },
                  }}
                >
                  {s.icon}
                </IconButton>
              ))}
            </Stack>
          </Box>
        </Box>
        <Divider sx={{ borderColor: 'rgba(255,255,255,0.1)', my: 4 }} />
        <Stack direction={{ xs: 'column', sm: 'row' }} justifyContent="space-between" spacing={1}>
          <Typography variant="body2">© {new Date().getFullYear()} Panda. All rights reserved.</Typography>
          <Typography variant="body2">Registered in England and Wales.</Typography>
        </Stack>
      </Container>
    </Box>
  );
}
