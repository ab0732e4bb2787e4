import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

export interface EmptyStateProps {
  icon: ReactNode;
  title: string;
  text?: ReactNode;
  action?: ReactNode;
  /** Less padding, for use inside a card. */
  dense?: boolean;
  /**
   * The title's heading level: h3 under a section's h2 (the default); h2 where the block stands right under
   * the page's h1 (a view or tab with nothing in it), so that no level is skipped.
   */
  headingLevel?: 'h2' | 'h3';
}

/** The "nothing here yet" block used in lists and cards. */
export function EmptyState({ icon, title, text, action, dense, headingLevel = 'h3' }: EmptyStateProps) {
  return (
    <Box sx={{ textAlign: 'center', py: dense ? 3 : { xs: 5, md: 7 }, px: 2 }}>
      <Box
        aria-hidden
        sx={{
          width: dense ? 52 : 64,
          height: dense ? 52 : 64,
          mx: 'auto',
          mb: 2,
          borderRadius: '50%',
          display: 'grid',
          placeItems: 'center',
          bgcolor: 'rgba(29, 78, 216, 0.07)',
          color: 'primary.main',
          '& svg': { fontSize: dense ? 26 : 32 },
        }}
      >
        {icon}
      </Box>
      <Typography variant={dense ? 'subtitle1' : 'h6'} component={headingLevel} sx={{ fontWeight: 700 }}>
        {title}
      </Typography>
      {text && (
        <Typography
          color="text.secondary"
          sx={{ mt: 0.75, maxWidth: 460, mx: 'auto' }}
          variant={dense ? 'body2' : 'body1'}
        >
          {text}
        </Typography>
      )}
      {action && <Box sx={{ mt: 2.5 }}>{action}</Box>}
    </Box>
  );
}
