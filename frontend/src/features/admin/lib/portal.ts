/**
 * The hidden admin portal (docs/rules.md#admin-portal-path, docs/rules.md#first-admin). The server tells the page it IS the portal only when it
 * serves the secret path (`<meta name="panda-admin-portal" content="/path">`: the content
 * security policy lets no inline script run); nothing in the public app knows the path. A browser
 * that has visited the portal remembers it, so that the dashboard can send a signed-out admin
 * back to it (else it goes to `/`).
 */

export const ADMIN_DASHBOARD_PATH = '/panda-admin-dashboard';
const PORTAL_KEY = 'panda_admin_portal';

const validPath = (p: unknown): p is string =>
  typeof p === 'string' && /^\/[A-Za-z0-9._~-][A-Za-z0-9._~\-/]*$/.test(p) && p !== ADMIN_DASHBOARD_PATH;

/** The portal path the server injected into this page, if this page is the portal. */
export function injectedPortalPath(): string | null {
  if (typeof document === 'undefined') return null;
  const p = document.querySelector('meta[name="panda-admin-portal"]')?.getAttribute('content');
  return validPath(p) ? p : null;
}

export function rememberPortalPath(path: string): void {
  try {
    localStorage.setItem(PORTAL_KEY, path);
  } catch {
    /* storage unavailable: the dashboard then falls back to / */
  }
}

/** The portal path: the injected one (remembered for later), else the one remembered earlier, else null. */
export function portalPath(): string | null {
  const injected = injectedPortalPath();
  if (injected) {
    rememberPortalPath(injected);
    return injected;
  }
  try {
    const stored = localStorage.getItem(PORTAL_KEY);
    return validPath(stored) ? stored : null;
  } catch {
    return null;
  }
}
