import { lazy, Suspense, useMemo, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { lazyDialog } from '../components/lazy-dialog';
import { LoadingScreen } from '../components/loading-screen';
import { useAppDispatch, useAppSelector } from '../lib/hooks';
import { logout, selectSessionStatus, selectToken, selectUser } from '../lib/session';
import { portalPath } from '../features/admin/lib/portal';
import { OpenTicketsStat } from '../features/support/components/open-tickets-stat';
import { DisputesTabLabel } from '../features/signoff/components/disputes-tab-label';
import { ScreenErrorBoundary } from '../components/screen-error-boundary';

// Admins and auditors load only their own screen; the admin's extra tabs load when first shown.
const AdminDashboardRoute = lazy(() =>
  import('../features/admin/routes/admin-dashboard').then((m) => ({ default: m.AdminDashboardRoute })),
);
const AdminAuditTab = lazy(() =>
  import('../features/audit/components/admin-audit-tab').then((m) => ({ default: m.AdminAuditTab })),
);
const AdminSupportTab = lazy(() =>
  import('../features/support/components/admin-support-tab').then((m) => ({ default: m.AdminSupportTab })),
);
const AdminDisputesTab = lazy(() =>
  import('../features/signoff/components/admin-disputes-tab').then((m) => ({ default: m.AdminDisputesTab })),
);
const AdminPayoutsTab = lazy(() =>
  import('../features/payouts/components/admin-payouts-tab').then((m) => ({ default: m.AdminPayoutsTab })),
);
const AuditorDashboard = lazy(() =>
  import('../features/audit/routes/auditor-dashboard').then((m) => ({ default: m.AuditorDashboard })),
);
const RequiredPasswordChangeDialog = lazyDialog(
  () => import('../features/auth/components/change-password-dialog').then((m) => m.RequiredPasswordChangeDialog),
  (p) => p.open,
);

/** A tab's own loading state, so the rest of the dashboard stays on screen while its code loads. */
const tab = (element: ReactNode) => () => (
  <ScreenErrorBoundary>
    <Suspense fallback={<LoadingScreen fullScreen={false} message="Loading..." />}>{element}</Suspense>
  </ScreenErrorBoundary>
);

const ADMIN_EXTRA_TABS = [
  { key: 'audit', label: 'Audit', render: tab(<AdminAuditTab />) },
  { key: 'support', label: 'Support', render: tab(<AdminSupportTab />) },
  { key: 'disputes', label: <DisputesTabLabel />, render: tab(<AdminDisputesTab />) },
  { key: 'payouts', label: 'Payouts', render: tab(<AdminPayoutsTab />) },
];

/**
 * /panda-admin-dashboard: admins get the admin dashboard with an Audit tab; auditors (docs/rules.md#auditors)
 * get only the Audit view, after replacing their one-time temporary password.
 */
export function PortalDashboardRoute() {
  const status = useAppSelector(selectSessionStatus);
  const token = useAppSelector(selectToken);
  const user = useAppSelector(selectUser);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const portal = useMemo(() => portalPath(), []);
  if (status === 'checking') return <LoadingScreen message="Loading..." />;
  if (token && user?.role === 'auditor') {
    const signOut = () => {
      dispatch(logout({ endSession: true }));
      navigate(portal ?? '/', { replace: true });
    };
    return (
      <AuditorDashboard user={user} portal={portal}>
        <RequiredPasswordChangeDialog open={!!user.must_change_password} onSignOut={signOut} />
      </AuditorDashboard>
    );
  }
  return <AdminDashboardRoute extraTabs={ADMIN_EXTRA_TABS} extraStats={<OpenTicketsStat />} />;
}
