import CloseRounded from '@mui/icons-material/CloseRounded';
import MenuRounded from '@mui/icons-material/MenuRounded';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Toolbar from '@mui/material/Toolbar';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { Logo } from '../../../components/logo';

const SECTIONS = [
  { href: '#features', label: 'Features' },
  { href: '#how-it-works', label: 'How it Works' },
];

export function LandingNav() {
  const [open, setOpen] = useState(false);
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
          <Button component={RouterLink} to="/auth" color="inherit" sx={{ fontWeight: 600, px: { xs: 1, sm: 2 }, minWidth: 0, whiteSpace: 'nowrap' }}>
            Log in
          </Button>
          <Button component={RouterLink} to="/auth?mode=signup" variant="contained" sx={{ px: { xs: 1.75, sm: 2.5 }, whiteSpace: 'nowrap' }}>
            Get started
          </Button>
          <IconButton
            aria-label="Open menu"
            onClick={() => setOpen(true)}
            sx={{ display: { xs: 'inline-flex', md: 'none' }, ml: 0.25 }}
            edge="end"
          >
            <MenuRounded />
          </IconButton>
        </Toolbar>
      </Container>
      <Drawer anchor="right" open={open} onClose={() => setOpen(false)} slotProps={{ paper: { sx: { width: 280 } } }}>
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', px: 2, py: 1.5 }}>
          <Logo size={30} />
          <IconButton aria-label="Close menu" onClick={() => setOpen(false)}>
            <CloseRounded />
          </IconButton>
        </Box>
        <List component="nav" aria-label="Sections" sx={{ px: 1 }}>
          {SECTIONS.map((s) => (
            <ListItemButton key={s.href} component="a" href={s.href} onClick={() => setOpen(false)}>
              <ListItemText primary={s.label} slotProps={{ primary: { fontWeight: 600 } }} />
            </ListItemButton>
          ))}
          <ListItemButton component={RouterLink} to="/terms-and-conditions" onClick={() => setOpen(false)}>
            <ListItemText primary="Terms & Conditions" slotProps={{ primary: { fontWeight: 600 } }} />
          </ListItemButton>
        </List>
      </Drawer>
    </AppBar>
  );
}
