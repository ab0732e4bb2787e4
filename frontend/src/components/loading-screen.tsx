import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { LogoMark } from './logo';

interface LoadingScreenProps {
  message?: string;
  /** Fill the viewport (page-level) or just the available space. */
  fullScreen?: boolean;
}

export function LoadingScreen({ message = 'Loading...', fullScreen = true }: LoadingScreenProps) {
  return (
    <Box
      role="status"
      aria-live="polite"
      sx={{
        minHeight: fullScreen ? '100vh' : 240,
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 2,
        bgcolor: fullScreen ? 'background.default' : 'transparent',
      }}
    >
      {fullScreen && <LogoMark size={48} />}
      <CircularProgress size={28} thickness={5} aria-label={message} />
      <Typography color="text.secondary">{message}</Typography>
    </Box>
  );
}
