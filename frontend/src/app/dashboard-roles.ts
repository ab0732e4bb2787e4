/** The roles that use /dashboard; kept apart from the view registry so the router stays light. */
export const DASHBOARD_ROLES = ['student', 'mentor', 'training_centre'] as const;

export type DashboardRole = (typeof DASHBOARD_ROLES)[number];

export function isDashboardRole(role: unknown): role is DashboardRole {
  return typeof role === 'string' && (DASHBOARD_ROLES as readonly string[]).includes(role);
}
