import { Workbox } from 'workbox-window';
import { announceUpdate } from './update';

/**
 * Registers the service worker (docs/rules.md#installable-app); loaded once the first screen is up,
 * so the first load carries none of it. A new version waits: the update prompt asks the user, and
 * on "Reload" it takes over and the page reloads into it. Where service workers are unavailable
 * (private windows of some browsers, old browsers) the app runs as before, online only.
 */
export async function registerServiceWorker(): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  const wb = new Workbox('/sw.js', { scope: '/' });
  wb.addEventListener('waiting', () => {
    announceUpdate(() => {
      wb.addEventListener('controlling', () => window.location.reload());
      wb.messageSkipWaiting();
    });
  });
  try {
    await wb.register();
  } catch (err) {
    // The app works without it; the console says why it is not installable.
    console.warn('Panda: the service worker could not be registered', err);
  }
}
