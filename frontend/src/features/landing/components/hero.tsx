import ArrowForwardRounded from '@mui/icons-material/ArrowForwardRounded';
import CheckCircleRounded from '@mui/icons-material/CheckCircleRounded';
import PlaceOutlined from '@mui/icons-material/PlaceOutlined';
import VerifiedRounded from '@mui/icons-material/VerifiedRounded';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';

const PROGRESS = [
  { label: 'Boiler Installs', done: 8, total: 10 },
  { label: 'Boiler Service', done: 4, total: 4 },
  { label: 'Pipework', done: 5, total: 8 },
  { label: 'Repair', done: 2, total: 5 },
];

function ProductPreview() {
  return (
    <Box sx={{ position: 'relative', maxWidth: 460, mx: 'auto', width: '100%' }} aria-hidden>
      <Paper
        elevation={0}
        sx={{
          p: 3,
          pb: 5,
          borderRadius: 4,
          border: '1px solid',
          borderColor: 'divider',
          boxShadow: '0 30px 60px rgba(15, 23, 42, 0.12)',
        }}
      >
        <Stack direction="row" alignItems="center" spacing={1.5} sx={{ mb: 2.5 }}>
          <Avatar sx={{ bgcolor: 'primary.main', fontWeight: 700 }}>J</Avatar>
          <Box sx={{ flexGrow: 1 }}>
            <Typography sx={{ fontWeight: 700 }}>Jordan&apos;s training progress</Typography>
            <Typography variant="body2" color="text.secondary">
              Level 3 Gas Engineering
            </Typography>
          </Box>
          <Chip label="Matched" color="success" size="small" sx={{ fontWeight: 600 }} />
        </Stack>
        <Stack spacing={2}>
          {PROGRESS.map((p) => {
            const pct = Math.min(100, Math.round((p.done / p.total) * 100));
            return (
              <Box key={p.label}>
                <Stack direction="row" justifyContent="space-between" sx={{ mb: 0.75 }}>
                  <Typography variant="body2" sx={{ fontWeight: 600 }}>
                    {p.label}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {p.done}/{p.total} · {pct}%
                  </Typography>
                </Stack>
                <LinearProgress
                  variant="determinate"
                  value={pct}
                  color={pct === 100 ? 'success' : 'primary'}
                  sx={{ height: 8, borderRadius: 4, bgcolor: 'rgba(29, 78, 216, 0.1)' }}
                />
              </Box>
            );
          })}
        </Stack>
      </Paper>
      <Paper
        elevation={0}
        sx={{
          position: 'absolute',
          left: { xs: -8, sm: -36 },
          bottom: -28,
          px: 2,
          py: 1.25,
          borderRadius: 3,
          display: 'flex',
          alignItems: 'center',
          gap: 1.25,
          border: '1px solid',
          borderColor: 'divider',
          boxShadow: '0 16px 40px rgba(15, 23, 42, 0.14)',
        }}
      >
        <CheckCircleRounded color="success" />
        <Box>
          <Typography variant="body2" sx={{ fontWeight: 700 }}>
            Job card signed
          </Typography>
          <Typography variant="caption" color="text.secondary">
            Boiler install · today 14:32
          </Typography>
        </Box>
      </Paper>
      <Paper
        elevation={0}
        sx={{
          position: 'absolute',
          right: { xs: -8, sm: -28 },
          top: -22,
          px: 1.75,
          py: 1,
          borderRadius: 3,
          display: 'flex',
          alignItems: 'center',
          gap: 1,
          border: '1px solid',
          borderColor: 'divider',
          boxShadow: '0 16px 40px rgba(15, 23, 42, 0.14)',
        }}
      >
        <PlaceOutlined sx={{ color: 'secondary.main' }} fontSize="small" />
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          Mentor 3 miles away
        </Typography>
      </Paper>
    </Box>
  );
}

export function Hero() {
  return (
    <Box
      component="section"
      sx={{
        position: 'relative',
        overflow: 'hidden',
        pt: { xs: 6, md: 10 },
        pb: { xs: 9, md: 12 },
        background:
          'radial-gradient(900px 420px at 85% 10%, rgba(59,130,246,0.14), transparent 60%), radial-gradient(700px 380px at 0% 100%, rgba(249,115,22,0.10), transparent 60%)',
      }}
    >
      <Container maxWidth="lg">
        <Box
          sx={{
            display: 'grid',
            gridTemplateColumns: { xs: '1fr', md: '1.1fr 1fr' },
            gap: { xs: 7, md: 8 },
            alignItems: 'center',
          }}
        >
          <Box>
            <Chip
              icon={<VerifiedRounded />}
              label="Gas engineering placements across the UK"
              sx={{
                bgcolor: 'rgba(29, 78, 216, 0.08)',
                color: 'primary.main',
                fontWeight: 600,
                mb: 3,
                '& .MuiChip-icon': { color: 'primary.main' },
              }}
            />
            <Typography variant="h1" sx={{ fontSize: { xs: '2.4rem', sm: '3rem', md: '3.6rem' }, lineHeight: 1.06 }}>
              Placing gas-engineering trainees with{' '}
              <Box component="span" sx={{ color: 'primary.main' }}>
                expert mentors
              </Box>
            </Typography>
            <Typography
              sx={{
                mt: 3,
                color: 'text.secondary',
                fontSize: { xs: '1.05rem', md: '1.2rem' },
                maxWidth: 560,
                lineHeight: 1.6,
              }}
            >
              Panda matches trainees with Gas Safe registered mentors for the real jobs they need to qualify. We handle
              the matching and the admin, so everyone can focus on the work.
            </Typography>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ mt: 4 }}>
              <Button
                component={RouterLink}
                to="/auth?role=mentor"
                variant="contained"
                size="large"
                endIcon={<ArrowForwardRounded />}
              >
                Become a Mentor
              </Button>
              <Button
                component={RouterLink}
                to="/auth?role=training_centre"
                variant="outlined"
                size="large"
                sx={{ bgcolor: '#fff' }}
              >
                Register Your Training Centre
              </Button>
            </Stack>
            <Stack direction="row" spacing={{ xs: 2, sm: 3 }} sx={{ mt: 3.5, flexWrap: 'wrap', rowGap: 1 }}>
              {['Vetted mentors', 'Digital job cards', 'UK-wide'].map((t) => (
                <Stack key={t} direction="row" spacing={0.75} alignItems="center">
                  <CheckCircleRounded sx={{ fontSize: 18, color: 'success.main' }} />
                  <Typography variant="body2" color="text.secondary" sx={{ fontWeight: 500 }}>
                    {t}
                  </Typography>
                </Stack>
              ))}
            </Stack>
          </Box>
          <ProductPreview />
        </Box>
      </Container>
    </Box>
  );
}
