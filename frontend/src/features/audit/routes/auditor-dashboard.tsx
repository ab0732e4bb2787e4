import Logout from '@mui/icons-material/Logout';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useEffect, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { LogoMark } from '../../../components/logo';
import { useAppDispatch } from '../../../lib/hooks';
import { displayName, logout, type SessionUser } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { AuditView } from '../components/audit-view';

/** What an auditor sees at the admin portal (docs/rules.md#auditors): the Audit view only. `children`: overlays (the required password change). */
export function AuditorDashboard({
  user,
  portal,
  children,
}: {
  user: SessionUser;
  portal: string | null;
  children?: ReactNode;
}) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  useEffect(() => {
    document.title = 'Audit · Panda';
  }, []);
  const signOut = () => {
    dispatch(logout({ endSession: true }));
    toast.success('Logged out successfully');
    navigate(portal ?? '/', { replace: true });
  };
  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'background.default' }}>
      <Box component="header" sx={{ bgcolor: '#0f172a', color: '#fff' }}>
        <Container maxWidth="lg" sx={{ py: 2, display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
          <LogoMark size={38} />
          <Box sx={{ flex: 1, minWidth: 180 }}>
            <Typography variant="h6" component="h1" sx={{ fontWeight: 800, lineHeight: 1.2 }}>
              Audit
            </Typography>
            <Typography variant="body2" sx={{ color: 'rgba(255,255,255,0.75)' }}>
              Signed in as {displayName(user) || 'Auditor'} · read-only
            </Typography>
          </Box>
          <Button
            color="inherit"
            variant="outlined"
            startIcon={<Logout />}
            onClick={signOut}
            sx={{ borderColor: 'rgba(255,255,255,0.4)' }}
          >
            Logout
          </Button>
        </Container>
      </Box>
      <Container maxWidth="lg" component="main" sx={{ py: { xs: 2, md: 4 } }}>
        <AuditView />
      </Container>
      {children}
    </Box>
  );
}
