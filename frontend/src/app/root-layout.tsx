import { lazy, Suspense, useEffect, useRef } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { LoadingScreen } from '../components/loading-screen';
import { ADMIN_DASHBOARD_PATH, portalPath } from '../features/admin/lib/portal';
import { useAppDispatch, useAppSelector } from '../lib/hooks';
import { connectLive } from '../lib/live';
import {
  checkSession,
  expireSession,
  expiryHandled,
  loggedOut,
  logout,
  selectSessionExpired,
  selectSessionStatus,
  selectSigningOut,
  selectToken,
  selectUser,
  sessionValidated,
  SESSION_EXPIRED_REDIRECT_MS,
  SESSION_VALIDATION_INTERVAL_MS,
  signedIn,
  TOKEN_KEY,
  USER_KEY,
  type SessionUser,
} from '../lib/session';
import { OfflineBanner } from '../components/offline-banner';
import { useUpdateReady } from '../lib/pwa/update';
import { ScreenErrorBoundary } from '../components/screen-error-boundary';

// Loaded on demand: the outbox only once someone is signed in, the update prompt once a new version waits.
const OutboxRunner = lazy(() => import('../lib/outbox/use-outbox-runner').then((m) => ({ default: m.OutboxRunner })));
const UpdatePrompt = lazy(() => import('../components/update-prompt').then((m) => ({ default: m.UpdatePrompt })));
import { apiUnreachable } from '../lib/connectivity';

/** Paths whose content needs a session: a refused token there is reported as an expiry. */
const PROTECTED_PREFIXES = ['/dashboard'];

function useSessionLifecycle() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  const status = useAppSelector(selectSessionStatus);
  const token = useAppSelector(selectToken);
  const expired = useAppSelector(selectSessionExpired);
  const signingOut = useAppSelector(selectSigningOut);
  const leaving = expired || signingOut;
  const startupChecked = useRef(false);
  // The current path for the callbacks below, which run later than the render that set them up.
  const pathRef = useRef(location.pathname);
  useEffect(() => {
    pathRef.current = location.pathname;
  }, [location.pathname]);

  // Start-up: the stored session is kept only if GET /api/auth/validate answers 200.
  useEffect(() => {
    if (startupChecked.current || status !== 'checking') return;
    startupChecked.current = true;
    void dispatch(checkSession()).then((result) => {
      if (result === 'valid' || result === 'none') return;
      // No signal (docs/rules.md#installable-app): the stored session is kept and the app opens
      // with what it last loaded; the server still checks the token on every call once it answers.
      if (result === 'unreachable') {
        dispatch(sessionValidated());
        dispatch(apiUnreachable());
        return;
      }
      const onProtected = PROTECTED_PREFIXES.some((p) => pathRef.current.startsWith(p));
      if (result === 'unauthorized' && onProtected) dispatch(expireSession());
      else dispatch(logout());
    });
  }, [dispatch, status]);

  // Every 30 minutes while signed in.
  useEffect(() => {
    if (status !== 'authenticated' || !token) return;
    const timer = setInterval(() => {
      void dispatch(checkSession()).then((result) => {
        if (result === 'unauthorized' || result === 'failed') dispatch(expireSession());
      });
    }, SESSION_VALIDATION_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [dispatch, status, token]);

  // After an expiry or a Sign Out: the toast is up; go to the sign-in route 1.5 s later
  // (/auth, or the admin portal from the admin dashboard).
  useEffect(() => {
    if (!leaving) return;
    const timer = setTimeout(() => {
      const target = pathRef.current.startsWith(ADMIN_DASHBOARD_PATH) ? (portalPath() ?? '/') : '/auth';
      dispatch(expiryHandled());
      navigate(target, { replace: true });
    }, SESSION_EXPIRED_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [dispatch, leaving, navigate]);

  // Keep tabs in step: signing out (or in) in another tab applies here too.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key !== TOKEN_KEY && event.key !== null) return;
      const newToken = localStorage.getItem(TOKEN_KEY);
      if (!newToken) {
        dispatch(loggedOut());
        return;
      }
      try {
        const user = JSON.parse(localStorage.getItem(USER_KEY) ?? 'null') as SessionUser | null;
        if (user) dispatch(signedIn({ token: newToken, user }));
      } catch {
        /* ignore */
      }
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [dispatch]);
}

function useLiveConnection() {
  const dispatch = useAppDispatch();
  const status = useAppSelector(selectSessionStatus);
  const token = useAppSelector(selectToken);
  const userId = useAppSelector(selectUser)?.id;
  // A temporary password opens nothing until it is changed (the server refuses the socket meanwhile).
  const mustChangePassword = Boolean(useAppSelector(selectUser)?.must_change_password);

  useEffect(() => {
    if (status !== 'authenticated' || !token || !userId || mustChangePassword) return;
    return connectLive(String(userId), token, dispatch);
  }, [dispatch, status, token, userId, mustChangePassword]);
}

/** Root route element: session lifecycle, push connection, lazy route fallback. */
export function RootLayout() {
  useSessionLifecycle();
  useLiveConnection();
  const signedIn = useAppSelector(selectSessionStatus) === 'authenticated';
  const updateReady = !!useUpdateReady();
  return (
    <>
      <OfflineBanner />
      {(signedIn || updateReady) && (
        <Suspense fallback={null}>
          {signedIn && <OutboxRunner />}
          {updateReady && <UpdatePrompt />}
        </Suspense>
      )}
      <ScreenErrorBoundary>
        <Suspense fallback={<LoadingScreen />}>
          <Outlet />
        </Suspense>
      </ScreenErrorBoundary>
    </>
  );
}
