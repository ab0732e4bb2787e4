import { useCallback, useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useAppDispatch } from '../../../lib/hooks';
import { completeLogin } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import type { SessionResponse } from '@panda/contracts/accounts';

export const POST_LOGIN_NAVIGATION_MS = 100;

/** The dashboard view a signed-out visitor asked for (RequireAuth passes it in the location state), else /dashboard. */
function returnPath(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  return typeof from === 'string' && /^\/dashboard(\?|$)/.test(from) ? from : '/dashboard';
}

/** Stores a login answer, toasts, and opens the dashboard (or the view asked for) about 100 ms later. */
export function useCompleteAuth(): (response: SessionResponse, successMessage: string) => boolean {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const target = returnPath(useLocation().state);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  return useCallback(
    (response: SessionResponse, successMessage: string) => {
      if (!dispatch(completeLogin(response.token, response.user))) return false;
      toast.success(successMessage);
      timer.current = setTimeout(() => navigate(target), POST_LOGIN_NAVIGATION_MS);
      return true;
    },
    [dispatch, navigate, target],
  );
}
