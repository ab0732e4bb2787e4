import ArrowBackRounded from '@mui/icons-material/ArrowBackRounded';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Logo } from '../../../components/logo';
import { COMPANY, TERMS_LAST_UPDATED, TERMS_SECTIONS } from '../components/terms-content';
import { useDocumentTitle } from '../../../lib/document-title';

/** /terms-and-conditions: public terms page with a back button. */
export function TermsRoute() {
  useDocumentTitle('Terms and Conditions');
  const navigate = useNavigate();
  const { hash } = useLocation();

  useEffect(() => {
    if (hash) document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
    else window.scrollTo(0, 0);
  }, [hash]);

  const goBack = () => {
    const idx = (window.history.state as { idx?: number } | null)?.idx;
    if (typeof idx === 'number' && idx > 0) navigate(-1);
    else navigate('/');
  };

  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'background.default' }}>
      <AppBar
        position="sticky"
        color="inherit"
        sx={{
          bgcolor: 'rgba(255,255,255,0.9)',
          backdropFilter: 'blur(12px)',
          borderBottom: '1px solid',
          borderColor: 'divider',
        }}
      >
        <Container maxWidth="lg">
          <Toolbar disableGutters sx={{ gap: 2 }}>
            <Button onClick={goBack} startIcon={<ArrowBackRounded />} color="inherit" sx={{ fontWeight: 600 }}>
              Back
            </Button>
            <Box sx={{ flexGrow: 1 }} />
            <Logo to="/" size={30} />
          </Toolbar>
        </Container>
      </AppBar>

      <Box component="main">
        <Box
          sx={{ background: 'linear-gradient(135deg, #1d4ed8 0%, #1e3a8a 100%)', color: '#fff', py: { xs: 5, md: 7 } }}
        >
          <Container maxWidth="lg">
            <Typography variant="overline" sx={{ opacity: 0.8 }}>
              Legal
            </Typography>
            <Typography variant="h1" sx={{ fontSize: { xs: '2rem', md: '2.8rem' } }}>
              Terms and Conditions
            </Typography>
            <Typography sx={{ mt: 1.5, opacity: 0.85 }}>Last updated: {TERMS_LAST_UPDATED}</Typography>
          </Container>
        </Box>

        <Container maxWidth="lg" sx={{ py: { xs: 4, md: 6 } }}>
          <Box
            sx={{ display: 'grid', gap: 4, gridTemplateColumns: { xs: '1fr', md: '260px 1fr' }, alignItems: 'start' }}
          >
            <Box
              component="nav"
              aria-label="Contents"
              sx={{
                display: { xs: 'none', md: 'block' },
                position: 'sticky',
                top: 88,
                maxHeight: 'calc(100vh - 110px)',
                overflowY: 'auto',
              }}
            >
              <Typography variant="overline" color="text.secondary">
                Contents
              </Typography>
              <Stack component="ol" spacing={0.25} sx={{ listStyle: 'none', p: 0, m: 0, mt: 1 }}>
                {TERMS_SECTIONS.map((s) => (
                  <li key={s.id}>
                    <Link
                      href={`#${s.id}`}
                      underline="none"
                      sx={{
                        display: 'block',
                        px: 1.5,
                        py: 0.75,
                        borderRadius: 2,
                        fontSize: 14,
                        color: 'text.secondary',
                        '&:hover': { bgcolor: 'rgba(29, 78, 216, 0.06)', color: 'primary.main' },
                      }}
                    >
                      {s.title}
                    </Link>
                  </li>
                ))}
              </Stack>
            </Box>

            <Paper variant="outlined" component="article" sx={{ p: { xs: 3, md: 5 }, borderRadius: 4 }}>
              <Typography sx={{ color: 'text.secondary', lineHeight: 1.75, mb: 1 }}>
                These Terms are issued by {COMPANY.legalName}, a company registered in {COMPANY.registeredIn}. Please
                read them carefully.
              </Typography>
              {TERMS_SECTIONS.map((s) => (
                <Box component="section" key={s.id} id={s.id} aria-labelledby={`${s.id}-title`} sx={{ pt: 4 }}>
                  <Typography
                    id={`${s.id}-title`}
                    variant="h5"
                    component="h2"
                    sx={{ mb: 2, fontSize: { xs: '1.25rem', md: '1.4rem' } }}
                  >
                    {s.title}
                  </Typography>
                  {s.body}
                </Box>
              ))}
            </Paper>
          </Box>
        </Container>
      </Box>
    </Box>
  );
}
