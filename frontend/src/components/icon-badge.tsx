import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

const TONES = {
  primary: { bgcolor: 'rgba(29, 78, 216, 0.08)', color: 'primary.main' },
  secondary: { bgcolor: 'rgba(249, 115, 22, 0.12)', color: 'secondary.dark' },
} as const;

/** The rounded square that holds a heading's icon (a dialog's title, a form section's legend); decorative. */
export function IconBadge({ tone = 'primary', children }: { tone?: keyof typeof TONES; children: ReactNode }) {
  return (
    <Box
      aria-hidden
      sx={{
        width: 38,
        height: 38,
        flexShrink: 0,
        borderRadius: 2.5,
        display: 'grid',
        placeItems: 'center',
        ...TONES[tone],
      }}
    >
      {children}
    </Box>
  );
}
