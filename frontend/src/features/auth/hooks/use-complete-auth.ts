import { useCallback, useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { useAppDispatch } from '../../../lib/hooks';
import { completeLogin, type SessionUser } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import type { AuthResponse } from '../api/auth-api';

export const POST_LOGIN_NAVIGATION_MS = 100;

/** Stores a login answer, toasts, and opens /dashboard about 100 ms later. */
export function useCompleteAuth(): (response: AuthResponse, successMessage: string) => boolean {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  return useCallback(
    (response: AuthResponse, successMessage: string) => {
      const user: SessionUser = { ...response.user, role: response.user?.role ?? response.role ?? '' };
      if (!response.token || !response.user) {
        toast.error('Login failed. Please try again.');
        return false;
      }
      if (!dispatch(completeLogin(response.token, user))) return false;
      toast.success(successMessage);
      timer.current = setTimeout(() => navigate('/dashboard'), POST_LOGIN_NAVIGATION_MS);
      return true;
    },
    [dispatch, navigate],
  );
}
