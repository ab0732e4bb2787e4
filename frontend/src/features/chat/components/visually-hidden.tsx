import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

/** Text for screen readers only (part of the accessible name of what it sits in). */
export function VisuallyHidden({ children }: { children: ReactNode }) {
  return (
    <Box
      component="span"
      sx={{
        position: 'absolute',
        // Strings: MUI reads a bare 1 as 100%.
        width: '1px',
        height: '1px',
        overflow: 'hidden',
        clip: 'rect(0 0 0 0)',
        whiteSpace: 'nowrap',
      }}
    >
      {children}
    </Box>
  );
}
