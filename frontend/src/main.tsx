import './lib/zod-config';
import { afterFirstScreen } from './lib/pwa/after-first-screen';

// The app's code is evaluated in four steps, each a task of its own, so that no one task blocks a phone
// for long (docs/rules.md#light-first-screens): the store (Redux Toolkit and the API slice), MUI's
// styles and the theme, React DOM, then the router and the shell. Each step is a chunk of its own that
// index.html preloads from the start (bootChunks in vite.config.ts): the steps add no round trip.
void import('./app/store')
  .then(() => import('./app/theme'))
  .then(() => import('./app/react-dom'))
  .then(() => import('./app/start'))
  .then((app) => {
    app.start();
    registerWorker();
  });

/**
 * The service worker (docs/rules.md#installable-app) is registered from a chunk of its own once the page
 * has loaded and its first screen is complete (`afterFirstScreen`): installing it fetches and stores the
 * whole app shell, which would slow the first screen on a phone's few cores. Its chunk imports some of
 * the app's: loaded before the last step, it would evaluate the steps left in one task.
 */
function registerWorker() {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  // The store's chunk was the first step: importing it again only hands over the module.
  const register = () =>
    void import('./app/store').then(({ store }) =>
      afterFirstScreen(store.getState, () => void import('./lib/pwa/register').then((m) => m.registerServiceWorker())),
    );
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
