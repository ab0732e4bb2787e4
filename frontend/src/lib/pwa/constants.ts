/** Names the page and the service worker (src/sw/sw.ts) share (docs/rules.md#installable-app). */

/** The runtime cache of the signed-in session's reads. */
export const API_CACHE = 'panda-api';
/** Set on a read the service worker answered from its cache (the API did not answer). */
export const OFFLINE_COPY_HEADER = 'X-Panda-Offline-Copy';
/** The page's message asking a waiting new version to take over. */
export const SKIP_WAITING = 'SKIP_WAITING';
/**
 * Reads never cached: the health probe (it must say whether the API answers) and the sign-in calls
 * other than the session check.
 */
export const NOT_CACHED_API = /^\/api\/(health|auth\/(?!validate$))/;
