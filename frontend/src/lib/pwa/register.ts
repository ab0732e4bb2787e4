import { Workbox } from 'workbox-window';
import { SKIP_WAITING } from './constants';
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
  const offer = () => announceUpdate(() => void takeOver());
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

/** How long the page waits for the new version to take over before it reloads anyway. */
export const TAKE_OVER_MS = 10_000;

/**
 * "Reload" on the update prompt: the waiting version takes over, and the page reloads once it controls
 * the page. With none waiting (it took over in another tab) the page reloads at once; one that has not
 * taken over within TAKE_OVER_MS (a stuck activation) gets a reload all the same, so the button never
 * hangs: the page then runs whichever version is active and offers a still waiting one again.
 */
export async function takeOver(reload: () => void = () => window.location.reload()): Promise<void> {
  const registration = await navigator.serviceWorker.getRegistration();
  const waiting = registration?.waiting;
  if (!waiting || !navigator.serviceWorker.controller) return reload();
  const stuck = setTimeout(reload, TAKE_OVER_MS);
  navigator.serviceWorker.addEventListener(
    'controllerchange',
    () => {
      clearTimeout(stuck);
      reload();
    },
    { once: true },
  );
  waiting.postMessage({ type: SKIP_WAITING });
}
