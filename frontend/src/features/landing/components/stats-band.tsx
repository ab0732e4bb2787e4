import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';

const STATS = [
  { value: '50+', label: 'Active Students', text: 'Trainees building their portfolios on real jobs' },
  { value: '25+', label: 'Expert Mentors', text: 'Gas Safe registered businesses across the UK' },
  { value: '92%', label: 'Success Rate', text: 'Of matched trainees complete their placement' },
];

export function StatsBand() {
  return (
    <Box component="section" aria-label="Panda in numbers" sx={{ pb: { xs: 6, md: 10 } }}>
      <Container maxWidth="lg">
        <Box
          sx={{
            display: 'grid',
            gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' },
            borderRadius: 4,
            overflow: 'hidden',
            background: 'linear-gradient(135deg, #1d4ed8 0%, #1e3a8a 100%)',
            color: '#fff',
            boxShadow: '0 24px 50px rgba(29, 78, 216, 0.25)',
          }}
        >
          {STATS.map((s, i) => (
            <Box
              key={s.label}
              sx={{
                p: { xs: 3, md: 4.5 },
                textAlign: 'center',
                borderLeft: { sm: i ? '1px solid rgba(255,255,255,0.15)' : 'none' },
                borderTop: { xs: i ? '1px solid rgba(255,255,255,0.15)' : 'none', sm: 'none' },
              }}
            >
              <Typography sx={{ fontSize: { xs: '2.4rem', md: '3rem' }, fontWeight: 800, lineHeight: 1 }}>
                {s.value}
              </Typography>
              <Typography sx={{ mt: 1, fontWeight: 700, fontSize: '1.05rem' }}>{s.label}</Typography>
              <Typography variant="body2" sx={{ mt: 0.5, opacity: 0.78 }}>
                {s.text}
              </Typography>
            </Box>
          ))}
        </Box>
      </Container>
    </Box>
  );
}
