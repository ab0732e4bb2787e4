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
  const offer = () =>
    announceUpdate(() => {
      wb.addEventListener('controlling', () => window.location.reload());
      wb.messageSkipWaiting();
    });
  wb.addEventListener('waiting', offer);
  try {
    const registration = await wb.register();
    // A new version the browser found while this page loaded (before Workbox listened) may still be
    // installing: Workbox only reports one already waiting, so this one is offered once it waits.
    const installing = registration?.installing;
    if (installing && navigator.serviceWorker.controller)
      installing.addEventListener('statechange', () => {
        if (installing.state === 'installed') offer();
      });
  } catch (err) {
    // The app works without it; the console says why it is not installable.
    console.warn('Panda: the service worker could not be registered', err);
  }
}
