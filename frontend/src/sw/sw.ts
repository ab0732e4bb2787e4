/// <reference lib="webworker" />
/**
 * The service worker of the installable app (docs/rules.md#installable-app), built by
 * vite-plugin-pwa (injectManifest) with Workbox:
 * - the app shell (every built script, style, icon and index.html) is precached, so the app opens
 *   with no network; a page load is the server's, and the precached shell only when the network fails;
 * - the signed-in user's reads (GET /api/...) are kept in one runtime cache, keyed by a hash of the
 *   session's token, so a read is only ever answered from what the same session fetched; the page
 *   empties that cache when the session ends or changes (src/lib/pwa/api-cache.ts). A read answered
 *   from it carries `X-Panda-Offline-Copy: 1`, so the page still says it is offline;
 * - a new version waits until the page asks it to take over ("New version available — Reload").
 */
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { NetworkFirst } from 'workbox-strategies';
import { navigationStrategy } from './navigation';
import { ExpirationPlugin } from 'workbox-expiration';
import type { WorkboxPlugin } from 'workbox-core';
import { API_CACHE, NOT_CACHED_API, OFFLINE_COPY_HEADER, SKIP_WAITING } from '../lib/pwa/constants';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };

// Only the precached files' own URLs: Workbox would otherwise answer `/` with the precached
// index.html (its `directoryIndex`) and `/x` with `/x.html`, before the page route below.
precacheAndRoute(self.__WB_MANIFEST, { directoryIndex: '', cleanURLs: false });
cleanupOutdatedCaches();

// Pages: the server's (fresh build, admin portal page) however slow, the precached shell only
// when the network fails.
registerRoute(
  new NavigationRoute(
    navigationStrategy(() => matchPrecache('index.html')),
    { denylist: [/^\/api\//, /^\/ws\//] },
  ),
);

const hex = (buffer: ArrayBuffer) =>
  Array.from(new Uint8Array(buffer), (b) => b.toString(16).padStart(2, '0')).join('');

/** Reads are cached per session: the cache key carries a hash of the Authorization header. */
const perSession: WorkboxPlugin = {
  cacheKeyWillBeUsed: async ({ request }) => {
    const auth = request.headers.get('Authorization') ?? '';
    const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(auth));
    const url = new URL(request.url);
    url.searchParams.set('__session', hex(digest).slice(0, 32));
    return url.href;
  },
  // Only a signed-in read that succeeded is kept.
  cacheWillUpdate: async ({ request, response }) =>
    request.headers.has('Authorization') && response.status === 200 ? response : null,
  // Marked so the page knows it shows a copy (the offline banner stays up).
  cachedResponseWillBeUsed: async ({ cachedResponse }) => {
    if (!cachedResponse) return cachedResponse;
    const headers = new Headers(cachedResponse.headers);
    headers.set(OFFLINE_COPY_HEADER, '1');
    return new Response(await cachedResponse.blob(), {
      status: cachedResponse.status,
      statusText: cachedResponse.statusText,
      headers,
    });
  },
};

registerRoute(
  ({ url, request, sameOrigin }) =>
    sameOrigin && request.method === 'GET' && url.pathname.startsWith('/api/') && !NOT_CACHED_API.test(url.pathname),
  new NetworkFirst({
    cacheName: API_CACHE,
    networkTimeoutSeconds: 10,
    plugins: [perSession, new ExpirationPlugin({ maxEntries: 500, maxAgeSeconds: 14 * 24 * 3600 })],
  }),
);

self.addEventListener('message', (event) => {
  if ((event.data as { type?: unknown } | null)?.type === SKIP_WAITING) void self.skipWaiting();
});
