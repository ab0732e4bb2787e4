import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

interface WelcomeHeadingProps {
  firstName?: string;
  subtitle: ReactNode;
}

/** "Welcome, <name>!" (also right for a brand-new account) and a line under it, at the top of a role's overview. */
export function WelcomeHeading({ firstName, subtitle }: WelcomeHeadingProps) {
  return (
    <Box>
      <Typography variant="h5" component="h2" sx={{ fontSize: { xs: '1.35rem', md: '1.6rem' } }}>
        Welcome{firstName ? `, ${firstName}` : ''}!
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 0.5 }}>
        {subtitle}
      </Typography>
    </Box>
  );
}
