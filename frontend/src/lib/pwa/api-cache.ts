import { API_CACHE } from './constants';

/**
 * Empties the service worker's cache of API reads (docs/rules.md#installable-app): when a session
 * ends or another begins, no later session can be answered from it. Without the Cache API (no
 * service worker) there is nothing to empty.
 */
export async function clearApiCache(): Promise<void> {
  if (typeof caches === 'undefined') return;
  await caches.delete(API_CACHE);
}
