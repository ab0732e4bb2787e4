import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { LoadingScreen } from '../components/loading-screen';
import { useAppSelector } from '../lib/hooks';
import {
  selectSessionExpired,
  selectSessionStatus,
  selectSigningOut,
  selectUser,
  type SessionUser,
} from '../lib/session';

interface RequireAuthProps {
  children: ReactNode;
  /** Which signed-in users may enter; others are sent to `redirectTo`. */
  allow?: (user: SessionUser) => boolean;
  /** Where signed-out (or not allowed) users go. */
  redirectTo?: string;
  loadingMessage?: string;
}

/**
 * Guards a protected route: a loading state while the stored session is being validated,
 * /auth (or `redirectTo`) when signed out or not allowed.
 */
export function RequireAuth({
  children,
  allow,
  redirectTo = '/auth',
  loadingMessage = 'Loading your dashboard...',
}: RequireAuthProps) {
  const status = useAppSelector(selectSessionStatus);
  const user = useAppSelector(selectUser);
  const expired = useAppSelector(selectSessionExpired);
  const signingOut = useAppSelector(selectSigningOut);
  const location = useLocation();

  if (status === 'checking') return <LoadingScreen message={loadingMessage} />;
  if (!user) {
    // After an expiry or a Sign Out the app waits 1.5 s (toast visible) before going to /auth; see root-layout.tsx.
    if (expired) return <LoadingScreen message="Redirecting to sign in..." />;
    if (signingOut) return <LoadingScreen message="Signing out..." />;
    // A link into the dashboard (e.g. the landing page's "Chat with your mentor") opens that view after sign-in.
    return <Navigate to={redirectTo} replace state={{ from: `${location.pathname}${location.search}` }} />;
  }
  if (allow && !allow(user)) return <Navigate to={redirectTo} replace />;
  return <>{children}</>;
}
