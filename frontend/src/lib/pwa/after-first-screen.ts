import { whenIdle } from '../idle';
import type { RootState } from '../root-reducer';

/** The latest the service worker waits after the page's load, however busy the page stays. */
export const REGISTER_BY_MS = 10_000;

/** Idle periods shorter than this still had a frame due: something was rendering or animating. */
const WHOLE_IDLE_MS = 40;

/** Where the browser has no idle callbacks, how often the check runs while the first screen loads. */
const FALLBACK_MS = 50;

/**
 * Calls `callback` once the first screen is complete (docs/rules.md#installable-app): no read of the
 * API is on its way and the browser has a whole idle period, nothing left to render; or REGISTER_BY_MS
 * after it is first asked, whichever comes first. Installing the service worker fetches and stores the
 * whole app shell on other threads, which on a phone's few cores slows the first screen's rendering.
 */
export function afterFirstScreen(
  state: () => RootState,
  callback: () => void,
  {
    waitIdle = (check: (deadline?: IdleDeadline) => void) => void whenIdle(check, { fallbackMs: FALLBACK_MS }),
    now = () => performance.now(),
  } = {},
): void {
  const by = now() + REGISTER_BY_MS;
  const reading = () => Object.values(state().api.queries).some((q) => q?.status === 'pending');
  const attempt = () =>
    waitIdle((deadline) => {
      const settled = !reading() && (!deadline || deadline.timeRemaining() >= WHOLE_IDLE_MS);
      if (settled || now() >= by) callback();
      else attempt();
    });
  attempt();
}
