import { useSyncExternalStore } from 'react';

/**
 * Whether a new version of the app waits to take over (docs/rules.md#installable-app), and how to
 * take it up. The service worker registration (./register.ts, loaded after the first screen) calls
 * `announceUpdate` with the step that activates the new version and reloads the page; the update
 * prompt (src/components/update-prompt.tsx) offers it.
 */
type Reload = () => void;
let pending: Reload | null = null;
const listeners = new Set<() => void>();

export function announceUpdate(reload: Reload): void {
  pending = reload;
  for (const l of listeners) l();
}

/** The step that reloads into the new version, or null while there is none. */
export function useUpdateReady(): Reload | null {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => pending,
    () => null,
  );
}
