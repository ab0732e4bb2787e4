import { lazy } from 'react';
import { Navigate, useRoutes, type RouteObject } from 'react-router';
import { isDashboardRole } from './dashboard-roles';
import { RequireAuth } from './require-auth';
import { RootLayout } from './root-layout';
import { ADMIN_DASHBOARD_PATH, portalPath } from '../features/admin/lib/portal';

// Route components are loaded on demand (one chunk per page).
const LandingRoute = lazy(() =>
  import('../features/landing/routes/landing').then((m) => ({ default: m.LandingRoute })),
);
const AuthRoute = lazy(() => import('../features/auth/routes/auth').then((m) => ({ default: m.AuthRoute })));
const TermsRoute = lazy(() => import('../features/terms/routes/terms').then((m) => ({ default: m.TermsRoute })));
const VerifyRoute = lazy(() => import('../features/verify/routes/verify').then((m) => ({ default: m.VerifyRoute })));
const DashboardShell = lazy(() => import('./dashboard-shell').then((m) => ({ default: m.DashboardShell })));
const AdminSignInRoute = lazy(() =>
  import('../features/admin/routes/admin-sign-in').then((m) => ({ default: m.AdminSignInRoute })),
);
const PortalDashboardRoute = lazy(() =>
  import('./portal-dashboard').then((m) => ({ default: m.PortalDashboardRoute })),
);
const OfflineRoute = lazy(() =>
  import('../features/offline/routes/offline').then((m) => ({ default: m.OfflineRoute })),
);
/** The secret admin sign-in path: known only on the portal page itself, or to a browser that visited it. */
const adminPortal = portalPath();

/**
 * The app's pages (spec section 2, "Routes"). To add a page, add a RouteObject to `pageRoutes`
 * above the catch-all; wrap protected pages in <RequireAuth allow={...} redirectTo={...}>.
 * The admin portal ({token} sign-in and /panda-admin-dashboard) is added here by its feature.
 */
export const pageRoutes: RouteObject[] = [
  { path: '/', element: <LandingRoute /> },
  { path: '/auth', element: <AuthRoute /> },
  { path: '/terms-and-conditions', element: <TermsRoute /> },
  { path: '/offline', element: <OfflineRoute /> },
  { path: '/verify', element: <VerifyRoute /> },
  {
    path: '/dashboard',
    element: (
      <RequireAuth allow={(user) => isDashboardRole(user.role)}>
        <DashboardShell />
      </RequireAuth>
    ),
  },
  ...(adminPortal ? [{ path: adminPortal, element: <AdminSignInRoute /> }] : []),
  { path: ADMIN_DASHBOARD_PATH, element: <PortalDashboardRoute /> },
];

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      ...pageRoutes,
      // Any other path redirects to the landing page.
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
];

/** The app's routes, rendered inside the <BrowserRouter> of provider.tsx. */
export function AppRoutes() {
  return useRoutes(routes);
}
