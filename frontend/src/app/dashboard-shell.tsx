import LogoutRounded from '@mui/icons-material/LogoutRounded';
import MenuRounded from '@mui/icons-material/MenuRounded';
import SearchOffRounded from '@mui/icons-material/SearchOffRounded';
import AppBar from '@mui/material/AppBar';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import Toolbar from '@mui/material/Toolbar';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { lazy, Suspense, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { LoadingScreen } from '../components/loading-screen';
import { Logo } from '../components/logo';
import { dashboardPath, DEFAULT_VIEW, useDashboardParams } from '../lib/dashboard-nav';
import { useAppDispatch, useAppSelector } from '../lib/hooks';
import {
  displayName,
  roleLabel,
  selectUser,
  signOut as signOutSession,
  userInitial,
  type SessionUser,
} from '../lib/session';
import {
  addonsFor,
  dashboardViews,
  floatingAddons,
  headerAddons,
  isDashboardRole,
  type DashboardRole,
  type ViewDef,
} from './dashboard-views';
import { useDocumentTitle } from '../lib/document-title';
import { StaleMark } from '../components/offline-banner';
import { ScreenErrorBoundary } from '../components/screen-error-boundary';

const DRAWER_WIDTH = 272;

// Only a temporary password's holder needs the dialog: loaded on demand.
const RequiredPasswordChangeDialog = lazy(() =>
  import('../features/auth/components/change-password-dialog').then((m) => ({
    default: m.RequiredPasswordChangeDialog,
  })),
);

interface SidebarProps {
  user: SessionUser;
  views: ViewDef[];
  currentKey: string;
  onNavigate?: () => void;
}

function Sidebar({ user, views, currentKey, onNavigate }: SidebarProps) {
  // A landmark of its own (complementary), so that the logo, the signed-in user and the footer line are
  // in one as well as the navigation inside it.
  return (
    <Box component="aside" aria-label="Sidebar" sx={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
      <Box sx={{ px: 3, pt: 3, pb: 2 }}>
        <Logo to="/" size={32} />
      </Box>
      <Box
        sx={{
          mx: 2,
          mb: 2,
          p: 1.75,
          borderRadius: 3,
          bgcolor: 'rgba(29, 78, 216, 0.05)',
          border: '1px solid',
          borderColor: 'rgba(29, 78, 216, 0.1)',
          display: 'flex',
          alignItems: 'center',
          gap: 1.5,
        }}
        data-testid="sidebar-user"
      >
        <Avatar sx={{ bgcolor: 'primary.main', fontWeight: 700, width: 42, height: 42 }}>{userInitial(user)}</Avatar>
        <Box sx={{ minWidth: 0 }}>
          <Typography
            sx={{
              fontWeight: 700,
              lineHeight: 1.3,
              display: '-webkit-box',
              WebkitLineClamp: 2,
              WebkitBoxOrient: 'vertical',
              overflow: 'hidden',
              wordBreak: 'break-word',
            }}
            title={displayName(user)}
          >
            {displayName(user)}
          </Typography>
          <Typography variant="body2" color="text.secondary" noWrap>
            {roleLabel(String(user.role))}
          </Typography>
        </Box>
      </Box>
      <List component="nav" aria-label="Dashboard" sx={{ px: 2, py: 0, flexGrow: 1 }}>
        {views
          .filter((v) => !v.hidden)
          .map((v) => {
            const selected = v.key === currentKey;
            return (
              <ListItemButton
                key={v.key}
                component={RouterLink}
                to={dashboardPath(v.key)}
                selected={selected}
                aria-current={selected ? 'page' : undefined}
                onClick={onNavigate}
                sx={{ mb: 0.5, py: 1.1 }}
              >
                <ListItemIcon sx={{ minWidth: 40 }}>{v.icon}</ListItemIcon>
                <ListItemText primary={v.label} slotProps={{ primary: { fontWeight: selected ? 700 : 500 } }} />
                {v.badge}
              </ListItemButton>
            );
          })}
      </List>
      <Typography variant="caption" color="text.secondary" sx={{ px: 3, py: 2.5 }}>
        © {new Date().getFullYear()} Panda
      </Typography>
    </Box>
  );
}

function ViewNotFound() {
  return (
    <Card sx={{ maxWidth: 560, mx: 'auto', mt: { xs: 2, md: 6 }, textAlign: 'center' }}>
      <CardContent sx={{ p: { xs: 4, md: 6 } }}>
        <SearchOffRounded sx={{ fontSize: 48, color: 'text.secondary', mb: 1.5 }} />
        <Typography variant="h5" component="h2">
          View not found
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 1, mb: 3 }}>
          This part of the dashboard doesn&apos;t exist or isn&apos;t available for your account.
        </Typography>
        <Button component={RouterLink} to={dashboardPath(DEFAULT_VIEW)} variant="contained">
          Back to Overview
        </Button>
      </CardContent>
    </Card>
  );
}

// The outbox's chip and its code load after the first screen (docs/rules.md#light-first-screens).
const OutboxChip = lazy(() => import('../components/outbox-chip').then((m) => ({ default: m.OutboxChip })));
const SignOutWarningDialog = lazy(() =>
  import('../components/sign-out-warning-dialog').then((m) => ({ default: m.SignOutWarningDialog })),
);

/** /dashboard: sidebar, header and the view selected by ?view= (registry in dashboard-views.tsx). */
export function DashboardShell() {
  const user = useAppSelector(selectUser);
  const dispatch = useAppDispatch();
  const theme = useTheme();
  const isDesktop = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const isPhone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const [mobileOpen, setMobileOpen] = useState(false);
  const [warnSignOut, setWarnSignOut] = useState(false);
  const [outboxCount, setOutboxCount] = useState(0);
  const { view } = useDashboardParams();
  useDocumentTitle(
    user && isDashboardRole(user.role)
      ? (dashboardViews[user.role].find((v) => v.key === view)?.title ?? 'Dashboard')
      : null,
  );

  if (!user || !isDashboardRole(user.role)) return null; // RequireAuth already redirects these
  const role: DashboardRole = user.role;
  // Until a temporary password is changed the server answers nothing else (403): only the dialog shows.
  const gated = Boolean(user.must_change_password);
  const views = dashboardViews[role];
  const current = views.find((v) => v.key === view);

  // Clears the session and shows 'Logged out successfully'; RequireAuth shows 'Signing out...' and
  // the root layout goes to /auth 1.5 s later.
  // With items in the outbox the user is warned first (docs/rules.md#outbox).
  const signOut = () => {
    if (outboxCount && !warnSignOut) setWarnSignOut(true);
    else dispatch(signOutSession());
  };

  const sidebar = (
    <Sidebar
      user={user}
      views={views}
      currentKey={current?.parent ?? current?.key ?? ''}
      onNavigate={() => setMobileOpen(false)}
    />
  );

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh', bgcolor: 'background.default' }}>
      {isDesktop ? (
        <Drawer
          variant="permanent"
          sx={{
            width: DRAWER_WIDTH,
            flexShrink: 0,
            '& .MuiDrawer-paper': {
              width: DRAWER_WIDTH,
              boxSizing: 'border-box',
              borderRight: '1px solid',
              borderColor: 'divider',
            },
          }}
        >
          {sidebar}
        </Drawer>
      ) : (
        <Drawer
          variant="temporary"
          open={mobileOpen}
          onClose={() => setMobileOpen(false)}
          ModalProps={{ keepMounted: false }}
          slotProps={{ paper: { role: 'dialog', 'aria-modal': true, 'aria-label': 'Navigation menu' } }}
          sx={{ '& .MuiDrawer-paper': { width: DRAWER_WIDTH, boxSizing: 'border-box' } }}
        >
          {sidebar}
        </Drawer>
      )}

      <Box sx={{ flexGrow: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        <AppBar
          position="sticky"
          color="inherit"
          sx={{
            bgcolor: 'rgba(255,255,255,0.9)',
            backdropFilter: 'blur(12px)',
            borderBottom: '1px solid',
            borderColor: 'divider',
          }}
        >
          <Toolbar sx={{ gap: 1, minHeight: { xs: 60, md: 68 }, px: { xs: 1.5, sm: 3 } }}>
            {!isDesktop && (
              <IconButton aria-label="Open navigation menu" onClick={() => setMobileOpen(true)} edge="start">
                <MenuRounded />
              </IconButton>
            )}
            {/* A long title wraps rather than being cut (docs/rules.md#phone-first-screen). */}
            <Typography
              variant="h6"
              component="h1"
              sx={{ flexGrow: 1, minWidth: 0, fontSize: { xs: '1.1rem', md: '1.3rem' }, lineHeight: 1.2 }}
            >
              {current?.title ?? 'Dashboard'}
            </Typography>
            <StaleMark />
            <Suspense fallback={null}>
              <OutboxChip userId={String(user.id)} onCount={setOutboxCount} />
            </Suspense>
            <Stack direction="row" spacing={0.5} alignItems="center">
              {!gated &&
                addonsFor(headerAddons, role).map((a) => (
                  <Suspense key={a.key} fallback={null}>
                    {a.element}
                  </Suspense>
                ))}
              {/* On a phone the icon alone (named for assistive technology), leaving the title its room. */}
              {isPhone ? (
                <Tooltip title="Sign Out">
                  <IconButton onClick={signOut} aria-label="Sign Out" sx={{ color: 'text.secondary' }}>
                    <LogoutRounded />
                  </IconButton>
                </Tooltip>
              ) : (
                <Button
                  onClick={signOut}
                  color="inherit"
                  startIcon={<LogoutRounded />}
                  sx={{ color: 'text.secondary', fontWeight: 600, whiteSpace: 'nowrap' }}
                >
                  Sign Out
                </Button>
              )}
            </Stack>
          </Toolbar>
        </AppBar>

        <Box
          component="main"
          // The floating Smart Assistant button (56 px, 24 px from the edges, desktop layout only) never lies over
          // the page: a right gutter keeps its column free while scrolling, and the bottom padding lets the
          // end of every screen scroll clear of it (docs/rules.md#assistant-button).
          sx={{
            flexGrow: 1,
            p: { xs: 2, sm: 3, md: 4 },
            pr: { md: 11 },
            pb: { xs: 11, md: 12 },
            width: '100%',
            maxWidth: 1280,
            mx: 'auto',
          }}
        >
          {gated ? null : current ? (
            <ScreenErrorBoundary key={current.key}>
              <Suspense fallback={<LoadingScreen fullScreen={false} />}>{current.element}</Suspense>
            </ScreenErrorBoundary>
          ) : (
            <ViewNotFound />
          )}
        </Box>
      </Box>

      {!gated &&
        addonsFor(floatingAddons, role).map((a) => (
          <Suspense key={a.key} fallback={null}>
            {a.element}
          </Suspense>
        ))}

      {warnSignOut && (
        <Suspense fallback={null}>
          <SignOutWarningDialog
            count={outboxCount}
            onCancel={() => setWarnSignOut(false)}
            onSignOut={() => dispatch(signOutSession())}
          />
        </Suspense>
      )}

      {gated && (
        <Suspense fallback={null}>
          <RequiredPasswordChangeDialog open onSignOut={signOut} />
        </Suspense>
      )}
    </Box>
  );
}
