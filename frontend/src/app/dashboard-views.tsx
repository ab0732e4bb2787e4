import SpaceDashboardOutlined from '@mui/icons-material/SpaceDashboardOutlined';
import type { ReactNode } from 'react';
import { OverviewView } from '../features/overview/components/overview-view';

/**
 * The dashboard view registry (spec "Dashboard shell"). The shell (src/app/dashboard-shell.tsx)
 * shows, for the signed-in role, exactly the views registered here: "no dead buttons".
 *
 * To add a view: build it in src/features/<name>/components/..., then add a ViewDef to the
 * roles that get it, in the order of the spec's sidebar:
 *   student:         overview, jobs (Training Jobs), chat (Messages), profile, support
 *   mentor:          overview, jobs (Student Jobs), chat, profile, support
 *   training_centre: overview, students, register (Register Student), chat, profile, support,
 *                    plus a hidden student-detail view
 *
 * The view is selected by the URL: /dashboard?view=<key>[&id=<id>]. Inside a view use
 * `useDashboardParams()` / `useDashboardNavigate()` / `dashboardPath()` from src/lib/dashboard-nav.ts.
 */

export type DashboardRole = 'student' | 'mentor' | 'training_centre';

export interface ViewDef {
  /** URL key: /dashboard?view=<key>. */
  key: string;
  /** Sidebar label. */
  label: string;
  /** Header title while the view is open. */
  title: string;
  /** Sidebar icon, e.g. <ChatOutlined />. */
  icon: ReactNode;
  element: ReactNode;
  /** Reachable by URL (detail views) but not listed in the sidebar. */
  hidden?: boolean;
}

/** Extra pieces of the shell (notifications bell in the header, Smart Assistant button...). */
export interface ShellAddon {
  key: string;
  /** Roles that get it; all dashboard roles when omitted. */
  roles?: DashboardRole[];
  element: ReactNode;
}

const overview: ViewDef = {
  key: 'overview',
  label: 'Overview',
  title: 'Overview',
  icon: <SpaceDashboardOutlined />,
  element: <OverviewView />,
};

export const dashboardViews: Record<DashboardRole, ViewDef[]> = {
  student: [overview],
  mentor: [overview],
  training_centre: [overview],
};

/** Rendered in the header, left of Sign Out (e.g. the notifications bell). */
export const headerAddons: ShellAddon[] = [];

/** Rendered once inside the shell, outside the view (e.g. the floating Smart Assistant). */
export const floatingAddons: ShellAddon[] = [];

export function isDashboardRole(role: unknown): role is DashboardRole {
  return typeof role === 'string' && Object.prototype.hasOwnProperty.call(dashboardViews, role);
}

export function addonsFor(addons: ShellAddon[], role: DashboardRole): ShellAddon[] {
  return addons.filter((a) => !a.roles || a.roles.includes(role));
}
