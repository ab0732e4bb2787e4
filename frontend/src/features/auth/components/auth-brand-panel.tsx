import CheckCircleRounded from '@mui/icons-material/CheckCircleRounded';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Logo } from '../../../components/logo';

const POINTS = [
  'Trainees matched with Gas Safe registered mentors near them',
  'Digital job cards signed off on real jobs',
  'We handle the matching and the admin',
];

const STATS = [
  { value: '50+', label: 'Active Students' },
  { value: '25+', label: 'Expert Mentors' },
  { value: '92%', label: 'Success Rate' },
];

/** The blue side panel of the auth screen (desktop only). */
export function AuthBrandPanel() {
  return (
    <Box
      sx={{
        position: 'relative',
        overflow: 'hidden',
        height: '100%',
        color: '#fff',
        p: { md: 6, lg: 8 },
        display: 'flex',
        flexDirection: 'column',
        justifyContent: 'space-between',
        background: 'linear-gradient(160deg, #1d4ed8 0%, #1e3a8a 55%, #0f172a 100%)',
      }}
    >
      <Box
        aria-hidden
        sx={{
          position: 'absolute',
          width: 420,
          height: 420,
          right: -140,
          bottom: -120,
          borderRadius: '50%',
          background: 'radial-gradient(circle, rgba(249,115,22,0.35) 0%, rgba(249,115,22,0) 70%)',
        }}
      />
      <Logo to="/" inverted size={38} />
      <Box sx={{ position: 'relative', maxWidth: 460 }}>
        <Typography variant="h3" component="p" sx={{ fontSize: { md: '2.2rem', lg: '2.6rem' }, lineHeight: 1.15 }}>
          Real jobs. Real mentors. Qualified sooner.
        </Typography>
        <Stack spacing={1.5} sx={{ mt: 4 }}>
          {POINTS.map((p) => (
            <Stack key={p} direction="row" spacing={1.5} alignItems="center">
              <CheckCircleRounded sx={{ color: '#fb923c' }} />
              <Typography sx={{ opacity: 0.92 }}>{p}</Typography>
            </Stack>
          ))}
        </Stack>
      </Box>
      <Stack direction="row" spacing={{ md: 4, lg: 6 }} sx={{ position: 'relative' }}>
        {STATS.map((s) => (
          <Box key={s.label}>
            <Typography sx={{ fontSize: 28, fontWeight: 800 }}>{s.value}</Typography>
            <Typography variant="body2" sx={{ opacity: 0.75 }}>
              {s.label}
            </Typography>
          </Box>
        ))}
      </Stack>
    </Box>
  );
}
