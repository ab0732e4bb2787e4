import CloseRounded from '@mui/icons-material/CloseRounded';
import MenuRounded from '@mui/icons-material/MenuRounded';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Toolbar from '@mui/material/Toolbar';
import { Link as RouterLink } from 'react-router';
import { Logo } from '../../../components/logo';

const SECTIONS = [
  { href: '#features', label: 'Features' },
  { href: '#how-it-works', label: 'How it Works' },
];

const menuLink = {
  display: 'block',
  px: 2,
  py: 1.25,
  borderRadius: 2,
  color: 'text.primary',
  fontWeight: 600,
  textDecoration: 'none',
  '&:hover': { bgcolor: 'action.hover' },
} as const;

/**
 * The phone menu: a <details> disclosure, so it opens without JavaScript (the landing page is
 * served as HTML rendered at build time, see src/app/prerender.tsx).
 */
function PhoneMenu() {
  return (
    <Box
      component="details"
      sx={{
        display: { xs: 'block', md: 'none' },
        position: 'relative',
        ml: 0.25,
        '& > summary': { listStyle: 'none' },
        '& > summary::-webkit-details-marker': { display: 'none' },
        '&:not([open]) .menu-close, &[open] .menu-open': { display: 'none' },
      }}
    >
      <Box
        component="summary"
        aria-label="Menu"
        sx={{
          display: 'inline-flex',
          p: 1,
          borderRadius: '50%',
          cursor: 'pointer',
          color: 'text.secondary',
          '&:hover': { bgcolor: 'action.hover' },
          '&:focus-visible': { outline: '3px solid', outlineColor: 'primary.main', outlineOffset: 2 },
        }}
      >
        <MenuRounded className="menu-open" />
        <CloseRounded className="menu-close" />
      </Box>
      <Paper
        elevation={8}
        sx={{ position: 'absolute', right: 0, top: 'calc(100% + 8px)', width: 260, p: 1, zIndex: 1 }}
      >
        <Box component="nav" aria-label="Menu">
          {SECTIONS.map((s) => (
            <Box key={s.href} component="a" href={s.href} sx={menuLink}>
              {s.label}
            </Box>
          ))}
          <Box component={RouterLink} to="/terms-and-conditions" sx={menuLink}>
            Terms &amp; Conditions
          </Box>
        </Box>
      </Paper>
    </Box>
  );
}

export function LandingNav() {
  return (
    <AppBar
      position="sticky"
      color="inherit"
      sx={{
        bgcolor: 'rgba(255,255,255,0.86)',
        backdropFilter: 'saturate(180%) blur(12px)',
        borderBottom: '1px solid',
        borderColor: 'divider',
      }}
    >
      <Container maxWidth="lg">
        <Toolbar disableGutters sx={{ minHeight: { xs: 64, md: 72 }, gap: 1 }}>
          <Logo to="/" />
          <Box component="nav" aria-label="Sections" sx={{ display: { xs: 'none', md: 'flex' }, gap: 0.5, ml: 5 }}>
            {SECTIONS.map((s) => (
              <Button key={s.href} href={s.href} color="inherit" sx={{ color: 'text.secondary', fontWeight: 600 }}>
                {s.label}
              </Button>
            ))}
          </Box>
          <Box sx={{ flexGrow: 1 }} />
          <Button
            component={RouterLink}
            to="/auth"
            color="inherit"
            sx={{ fontWeight: 600, px: { xs: 1, sm: 2 }, minWidth: 0, whiteSpace: 'nowrap' }}
          >
            Log in
          </Button>
          <Button
            component={RouterLink}
            to="/auth?mode=signup"
            variant="contained"
            sx={{ px: { xs: 1.75, sm: 2.5 }, whiteSpace: 'nowrap' }}
          >
            Get started
          </Button>
          <PhoneMenu />
        </Toolbar>
      </Container>
    </AppBar>
  );
}
