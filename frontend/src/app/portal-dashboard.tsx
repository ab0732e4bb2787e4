import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { LoadingScreen } from '../components/loading-screen';
import { useAppDispatch, useAppSelector } from '../lib/hooks';
import { logout, selectSessionStatus, selectToken, selectUser } from '../lib/session';
import { AdminDashboardRoute } from '../features/admin/routes/admin-dashboard';
import { portalPath } from '../features/admin/lib/portal';
import { AdminAuditTab } from '../features/audit/components/admin-audit-tab';
import { AuditorDashboard } from '../features/audit/routes/auditor-dashboard';
import { RequiredPasswordChangeDialog } from '../features/auth/components/change-password-dialog';
import { AdminSupportTab, OpenTicketsStat } from '../features/support/components/admin-support-tab';
import { AdminDisputesTab } from '../features/signoff/components/admin-disputes-tab';

const ADMIN_EXTRA_TABS = [
  { key: 'audit', label: 'Audit', render: () => <AdminAuditTab /> },
  { key: 'support', label: 'Support', render: () => <AdminSupportTab /> },
  { key: 'disputes', label: 'Disputes', render: () => <AdminDisputesTab /> },
];

/**
 * /panda-admin-dashboard: admins get the admin dashboard with an Audit tab; auditors (ruling 25)
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
