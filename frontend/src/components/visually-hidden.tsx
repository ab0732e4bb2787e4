import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

/** The style of text for screen readers only: in the accessibility tree, not on screen. */
export const VISUALLY_HIDDEN = {
  position: 'absolute',
  // Strings: MUI reads a bare 1 as 100%.
  width: '1px',
  height: '1px',
  margin: '-1px',
  padding: 0,
  border: 0,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  clipPath: 'inset(50%)',
  whiteSpace: 'nowrap',
} as const;

/** Text for screen readers only (part of the accessible name of what it sits in). */
export function VisuallyHidden({ children }: { children: ReactNode }) {
  return (
    <Box component="span" sx={VISUALLY_HIDDEN}>
      {children}
    </Box>
  );
}
