import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { Link as RouterLink } from 'react-router';

interface LogoMarkProps {
  size?: number;
}

/** The Panda mark: a flame on a blue tile. */
export function LogoMark({ size = 34 }: LogoMarkProps) {
  // Unique per instance: a gradient defined inside a hidden copy of the logo would not paint.
  const gradientId = `panda-logo-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  return (
    <Box
      component="svg"
      viewBox="0 0 64 64"
      aria-hidden="true"
      sx={{ width: size, height: size, flexShrink: 0, display: 'block' }}
    >
      <defs>
        <linearGradient id={gradientId} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#2563eb" />
          <stop offset="1" stopColor="#1e3a8a" />
        </linearGradient>
      </defs>
      <rect width="64" height="64" rx="16" fill={`url(#${gradientId})`} />
      <path
        fill="#fb923c"
        d="M33 12c2 7-3 10-3 15 0 3 2 5 4 5 3 0 4-3 3-6 5 3 8 8 8 13 0 7-6 13-13 13s-13-6-13-13c0-9 8-14 14-27z"
      />
      <path
        fill="#fde68a"
        d="M32 38c1 3-1 4-1 6 0 1 1 2 2 2 2 0 3-2 3-4 1 1 2 3 2 4 0 3-3 6-6 6s-6-3-6-6c0-4 3-6 6-8z"
      />
    </Box>
  );
}

interface LogoProps {
  /** Where the logo links to; omit for no link. */
  to?: string;
  size?: number;
  inverted?: boolean;
}

export function Logo({ to, size = 34, inverted = false }: LogoProps) {
  const content = (
    <Box sx={{ display: 'inline-flex', alignItems: 'center', gap: 1.25 }}>
      <LogoMark size={size} />
      <Typography
        component="span"
        sx={{
          fontWeight: 800,
          fontSize: size * 0.62,
          letterSpacing: '-0.03em',
          color: inverted ? '#fff' : 'text.primary',
          lineHeight: 1,
        }}
      >
        Panda
      </Typography>
    </Box>
  );
  if (!to) return content;
  return (
    <Box
      component={RouterLink}
      to={to}
      aria-label="Panda home"
      sx={{
        textDecoration: 'none',
        display: 'inline-flex',
        borderRadius: 1,
        '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: 4 },
      }}
    >
      {content}
    </Box>
  );
}
