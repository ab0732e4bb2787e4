import { useCallback } from 'react';
import { useNavigate, useSearchParams } from 'react-router';

/**
 * The dashboard's current view lives in the URL: /dashboard?view=jobs (&id=... for detail views).
 * Views registered in src/app/dashboard-views.tsx read and change it through these helpers.
 */

export const DEFAULT_VIEW = 'overview';

export function dashboardPath(view: string, id?: string | null): string {
  const params = new URLSearchParams({ view });
  if (id) params.set('id', id);
  return `/dashboard?${params.toString()}`;
}

/** The current view key and optional id. */
export function useDashboardParams(): { view: string; id: string | null } {
  const [params] = useSearchParams();
  return { view: params.get('view') || DEFAULT_VIEW, id: params.get('id') };
}

/** `go('jobs')`, `go('student-detail', studentId)`. */
export function useDashboardNavigate(): (view: string, id?: string | null) => void {
  const navigate = useNavigate();
  return useCallback((view: string, id?: string | null) => navigate(dashboardPath(view, id)), [navigate]);
}
