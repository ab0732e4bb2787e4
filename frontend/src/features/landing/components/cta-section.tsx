import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';

export function CtaSection() {
  return (
    <Box component="section" aria-labelledby="cta-title" sx={{ pb: { xs: 8, md: 12 } }}>
      <Container maxWidth="lg">
        <Box
          sx={{
            borderRadius: 5,
            px: { xs: 3, md: 8 },
            py: { xs: 5, md: 7 },
            color: '#fff',
            position: 'relative',
            overflow: 'hidden',
            background: 'linear-gradient(120deg, #0f172a 0%, #1e3a8a 100%)',
            display: 'flex',
            flexDirection: { xs: 'column', md: 'row' },
            alignItems: { xs: 'flex-start', md: 'center' },
            justifyContent: 'space-between',
            gap: 4,
          }}
        >
          <Box
            aria-hidden
            sx={{
              position: 'absolute',
              right: -80,
              top: -120,
              width: 360,
              height: 360,
              borderRadius: '50%',
              background: 'radial-gradient(circle, rgba(249,115,22,0.4) 0%, rgba(249,115,22,0) 70%)',
            }}
          />
          <Box sx={{ position: 'relative', maxWidth: 560 }}>
            <Typography id="cta-title" variant="h3" component="h2" sx={{ fontSize: { xs: '1.7rem', md: '2.2rem' } }}>
              Ready to join Panda?
            </Typography>
            <Typography sx={{ mt: 1.5, opacity: 0.85, fontSize: { md: '1.1rem' } }}>
              Apply today. We vet every account and take care of the matching, so you can get on with the work.
            </Typography>
          </Box>
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={1.5}
            sx={{
              position: 'relative',
              width: { xs: '100%', md: 'auto' },
              flexShrink: 0,
              '& .MuiButton-root': { whiteSpace: 'nowrap' },
            }}
          >
            <Button component={RouterLink} to="/auth?role=mentor" variant="contained" color="secondary" size="large">
              Apply as a Mentor
            </Button>
            <Button
              component={RouterLink}
              to="/auth?role=training_centre"
              variant="outlined"
              size="large"
              sx={{
                color: '#fff',
                borderColor: 'rgba(255,255,255,0.5)',
                '&:hover': { borderColor: '#fff', bgcolor: 'rgba(255,255,255,0.08)' },
              }}
            >
              Sign Up Your Centre
            </Button>
          </Stack>
        </Box>
      </Container>
    </Box>
  );
}
