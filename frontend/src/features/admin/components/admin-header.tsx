import Logout from '@mui/icons-material/Logout';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { LogoMark } from '../../../components/logo';

/** The admin dashboard's dark header: who is signed in, the sign-in log and Logout. */
export function AdminHeader({
  name,
  onOpenLog,
  onSignOut,
}: {
  name: string;
  onOpenLog: () => void;
  onSignOut: () => void;
}) {
  return (
    <Box
      component="header"
      sx={{ bgcolor: '#0f172a', color: '#fff', borderBottom: '1px solid rgba(255,255,255,0.08)' }}
    >
      <Container maxWidth="xl" sx={{ py: 2, display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <LogoMark size={38} />
        <Box sx={{ flex: 1, minWidth: 180 }}>
          <Typography variant="h6" component="h1" sx={{ fontWeight: 800, lineHeight: 1.2 }}>
            Admin Dashboard
          </Typography>
          <Typography variant="body2" sx={{ color: 'rgba(255,255,255,0.7)' }}>
            Signed in as {name}
          </Typography>
        </Box>
        <Button color="inherit" variant="text" onClick={onOpenLog} sx={{ color: 'rgba(255,255,255,0.85)' }}>
          Sign-in log
        </Button>
        <Button
          color="inherit"
          variant="outlined"
          startIcon={<Logout />}
          onClick={onSignOut}
          sx={{ borderColor: 'rgba(255,255,255,0.4)' }}
        >
          Logout
        </Button>
      </Container>
    </Box>
  );
}
