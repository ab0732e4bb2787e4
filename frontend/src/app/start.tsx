import { StrictMode, startTransition } from 'react';
import { createRoot } from './react-dom';
import { AppProvider } from './provider';

/** Renders the app into index.html's #root (the last of main.tsx's start-up steps). */
export function start() {
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
}
