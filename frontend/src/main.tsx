import './lib/zod-config';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProvider } from './app/provider';

// The first render is a transition: React renders it in slices and gives the main thread back between
// them, instead of in one long task that blocks the phone until the whole first screen is built (the
// loading screen of index.html stays until then).
startTransition(() => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <AppProvider />
    </StrictMode>,
  );
});

// The service worker (docs/rules.md#installable-app) is registered once the page has loaded, from a
// chunk of its own, so the first screen neither waits for it nor downloads it.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  const register = () => void import('./lib/pwa/register').then((m) => m.registerServiceWorker());
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
