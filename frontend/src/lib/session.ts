import { createSlice, type PayloadAction, type ThunkAction, type UnknownAction } from '@reduxjs/toolkit';
import type { SessionUser } from '@panda/contracts/accounts';
import { AUDITOR_REVOKED, LOCKED_PREFIX } from '@panda/contracts/account-messages';
import { toast } from './toast';

/**
 * The signed-in session (spec section 4 "Session", section 9).
 * Token and user live in localStorage under `token` and `user`. At start they are restored only
 * after GET /api/auth/validate answers 200 (status 'checking' meanwhile). Any 401 while a token
 * is held, a refused WebSocket (4001) or a failed periodic validation calls `expireSession()`:
 * the session is cleared, 'Session expired. Please log in again.' is shown and the app goes to
 * /auth after 1.5 s (src/app/root-layout.tsx performs the navigation).
 *
 * Sessions end on the server (docs/rules.md#server-sessions): Sign Out calls POST /api/auth/logout, and a password
 * change ends every earlier token; its answer carries a fresh one, which replaces the held token
 * (`beginTokenRenewal` / `renewSession`). While that change is in flight, a 401 or a refused
 * socket caused by the old token waits for the renewal instead of ending the session.
 */

export type { Role, SessionUser } from '@panda/contracts/accounts';

export type SessionStatus = 'checking' | 'authenticated' | 'anonymous';

export interface SessionState {
  token: string | null;
  user: SessionUser | null;
  status: SessionStatus;
  /** True between an expiry and the redirect to /auth. */
  expired: boolean;
  /** True between Sign Out and the redirect to /auth (1.5 s, 'Logged out successfully' visible). */
  signingOut: boolean;
}

export const TOKEN_KEY = 'token';
export const USER_KEY = 'user';
export const SESSION_VALIDATION_INTERVAL_MS = 1_800_000;
export const SESSION_EXPIRED_REDIRECT_MS = 1500;
export const SESSION_EXPIRED_MESSAGE = 'Session expired. Please log in again.';
export const LOGGED_OUT_MESSAGE = 'Logged out successfully';

export const ROLE_LABELS: Record<string, string> = {
  student: 'Student',
  mentor: 'Mentor',
  training_centre: 'Training Centre',
  admin: 'Admin',
  auditor: 'Auditor',
};

function readStored(): { token: string | null; user: SessionUser | null } {
  try {
    const token = localStorage.getItem(TOKEN_KEY);
    const raw = localStorage.getItem(USER_KEY);
    const user = raw ? (JSON.parse(raw) as SessionUser) : null;
    if (token && user && typeof user === 'object') return { token, user };
  } catch {
    /* unreadable storage: start signed out */
  }
  return { token: null, user: null };
}

/** Writes token and user; throws when storage is unavailable (caller shows 'Login failed...'). */
export function persistSession(token: string, user: SessionUser): void {
  localStorage.setItem(TOKEN_KEY, token);
  localStorage.setItem(USER_KEY, JSON.stringify(user));
}

function persistUser(user: SessionUser): void {
  try {
    localStorage.setItem(USER_KEY, JSON.stringify(user));
  } catch {
    /* ignore */
  }
}

export function clearStoredSession(): void {
  try {
    localStorage.removeItem(TOKEN_KEY);
    localStorage.removeItem(USER_KEY);
  } catch {
    /* ignore */
  }
}

function initialState(): SessionState {
  const stored = typeof window === 'undefined' ? { token: null, user: null } : readStored();
  return {
    token: stored.token,
    user: stored.user,
    status: stored.token ? 'checking' : 'anonymous',
    expired: false,
    signingOut: false,
  };
}

export const sessionSlice = createSlice({
  name: 'session',
  initialState,
  reducers: {
    /** After a successful sign-in/sign-up; the caller has already called persistSession(). */
    signedIn(state, action: PayloadAction<{ token: string; user: SessionUser }>) {
      state.token = action.payload.token;
      state.user = action.payload.user;
      state.status = 'authenticated';
      state.expired = false;
      state.signingOut = false;
    },
    /** Start-up validation succeeded; the server's copy of the user replaces the stored one. */
    sessionValidated(state, action: PayloadAction<SessionUser | undefined>) {
      if (!state.token) return;
      if (action.payload) state.user = { ...state.user, ...action.payload };
      state.status = 'authenticated';
    },
    userUpdated(state, action: PayloadAction<Partial<SessionUser>>) {
      if (state.user) state.user = { ...state.user, ...action.payload };
    },
    /** A silent clear (start-up, another tab signed out, admin Logout). */
    loggedOut(state) {
      state.token = null;
      state.user = null;
      state.status = 'anonymous';
      state.expired = false;
      state.signingOut = false;
    },
    /** Dashboard Sign Out: cleared; the app goes to /auth 1.5 s later (src/app/root-layout.tsx). */
    signedOut(state) {
      state.token = null;
      state.user = null;
      state.status = 'anonymous';
      state.expired = false;
      state.signingOut = true;
    },
    sessionExpired(state) {
      state.token = null;
      state.user = null;
      state.status = 'anonymous';
      state.expired = true;
      state.signingOut = false;
    },
    /** The redirect after an expiry or a Sign Out has happened. */
    expiryHandled(state) {
      state.expired = false;
      state.signingOut = false;
    },
  },
  selectors: {
    selectToken: (s) => s.token,
    selectUser: (s) => s.user,
    selectSessionStatus: (s) => s.status,
    selectSessionExpired: (s) => s.expired,
    selectSigningOut: (s) => s.signingOut,
  },
});

export const { signedIn, sessionValidated, userUpdated, loggedOut, signedOut, sessionExpired, expiryHandled } =
  sessionSlice.actions;
export const { selectToken, selectUser, selectSessionStatus, selectSessionExpired, selectSigningOut } =
  sessionSlice.selectors;

type SessionRoot = { session: SessionState };
type SessionThunk<R = void> = ThunkAction<R, SessionRoot, unknown, UnknownAction>;

/** Store the login and mark the session authenticated. Returns false (and toasts) if storage fails. */
export const completeLogin =
  (token: string, user: SessionUser): SessionThunk<boolean> =>
  (dispatch) => {
    try {
      persistSession(token, user);
    } catch {
      toast.error('Login failed. Please try again.');
      return false;
    }
    dispatch(signedIn({ token, user }));
    return true;
  };

/** Merge fields into the signed-in user and keep the stored copy in step. */
export const updateUser =
  (changes: Partial<SessionUser>): SessionThunk =>
  (dispatch, getState) => {
    dispatch(userUpdated(changes));
    const user = getState().session.user;
    if (user) persistUser(user);
  };

/** Ends the token on the server (POST /api/auth/logout); the page may leave meanwhile, failures are ignored. */
function endServerSession(token: string | null): void {
  if (!token) return;
  fetch('/api/auth/logout', { method: 'POST', headers: { Authorization: `Bearer ${token}` }, keepalive: true }).catch(
    () => undefined,
  );
}

/** Clears the session silently (the caller navigates); `endSession` also ends the token on the server (a user's sign-out). */
export const logout =
  (options: { endSession?: boolean } = {}): SessionThunk =>
  (dispatch, getState) => {
    if (options.endSession) endServerSession(getState().session.token);
    clearStoredSession();
    dispatch(loggedOut());
  };

/** Dashboard Sign Out (spec section 4): end the token on the server, clear, toast 'Logged out successfully', /auth after 1.5 s. */
export const signOut = (): SessionThunk => (dispatch, getState) => {
  endServerSession(getState().session.token);
  clearStoredSession();
  dispatch(signedOut());
  toast.success(LOGGED_OUT_MESSAGE);
};

let renewal: { promise: Promise<string | null>; finish: (token: string | null) => void } | null = null;

/** Called as a password change is sent: until `finish`, refusals of the old token wait for the new one. */
export function beginTokenRenewal(): (token: string | null) => void {
  let finish!: (token: string | null) => void;
  const promise = new Promise<string | null>((resolve) => (finish = resolve));
  const mine = { promise, finish };
  renewal = mine;
  return (token) => {
    if (renewal === mine) renewal = null;
    finish(token);
  };
}

/** The token a password change in flight will bring (null when it fails), or null at once when none is in flight. */
export function tokenRenewal(): Promise<string | null> {
  return renewal ? renewal.promise : Promise.resolve(null);
}

/** The fresh token from a password change replaces the held one (the earlier tokens have ended). */
export const renewSession =
  (token: string, user?: SessionUser): SessionThunk =>
  (dispatch, getState) => {
    const current = getState().session.user;
    if (!current) return;
    const merged = { ...current, ...(user ?? {}) };
    try {
      persistSession(token, merged);
    } catch {
      /* storage unavailable: this tab still holds the session */
    }
    dispatch(signedIn({ token, user: merged }));
  };

/**
 * 401 / refused socket / failed validation: clear, toast once, redirect after 1.5 s. `reason`: the
 * server's own message when it gave one (a locked account: why, and how to reach support), shown
 * instead of 'Session expired' (docs/rules.md#locked-accounts).
 */
export const expireSession =
  (reason?: string | null): SessionThunk =>
  (dispatch, getState) => {
    const token = getState().session.token;
    if (!token) return;
    // Another tab holds a newer session (it changed the password): this tab takes it up from storage.
    const stored = readStored().token;
    if (stored && stored !== token) return;
    clearStoredSession();
    dispatch(sessionExpired());
    toast.error(reason || SESSION_EXPIRED_MESSAGE);
  };

/** The server's reason for refusing `token`, when it gives one (a locked account); null otherwise. */
export async function refusalReason(token: string | null): Promise<string | null> {
  if (!token) return null;
  try {
    const res = await fetch('/api/auth/validate', { headers: { Authorization: `Bearer ${token}` } });
    if (res.status !== 401) return null;
    return lockedDetail(await res.json());
  } catch {
    return null;
  }
}

/** The detail of a refusal body when it says the account is locked. */
export function lockedDetail(body: unknown): string | null {
  const detail = (body as { detail?: unknown } | null)?.detail;
  return typeof detail === 'string' && (detail.startsWith(LOCKED_PREFIX) || detail === AUDITOR_REVOKED) ? detail : null;
}

export type ValidationResult = 'valid' | 'unauthorized' | 'failed' | 'unreachable' | 'none';

/** GET /api/auth/validate with the current token. */
export const checkSession = (): SessionThunk<Promise<ValidationResult>> => async (dispatch, getState) => {
  const token = getState().session.token;
  if (!token) return 'none';
  let res: Response;
  try {
    res = await fetch('/api/auth/validate', { headers: { Authorization: `Bearer ${token}` } });
  } catch {
    return 'unreachable';
  }
  if (getState().session.token !== token) return 'none';
  if (res.status === 200) {
    let user: SessionUser | undefined;
    try {
      const body = (await res.json()) as { user?: SessionUser };
      if (body && typeof body.user === 'object' && body.user) user = body.user;
    } catch {
      /* a 200 without JSON still means valid */
    }
    if (getState().session.token !== token) return 'none';
    dispatch(sessionValidated(user));
    const current = getState().session.user;
    if (user && current) persistUser(current);
    return 'valid';
  }
  return res.status === 401 ? 'unauthorized' : 'failed';
};

export function displayName(user: SessionUser | null | undefined): string {
  if (!user) return '';
  if (user.role === 'training_centre' && user.Name) return user.Name;
  const full = [user.First_Name, user.Last_Name].filter(Boolean).join(' ').trim();
  return full || user.Name || user.Email || '';
}

export function userInitial(user: SessionUser | null | undefined): string {
  const name = displayName(user);
  return (name.trim()[0] ?? '?').toUpperCase();
}

export function roleLabel(role: string | undefined): string {
  return (role && ROLE_LABELS[role]) || 'User';
}
