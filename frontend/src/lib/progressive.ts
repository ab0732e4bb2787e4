import { startTransition, useEffect, useState } from 'react';
import { whenIdle } from './idle';

/** Rows a long list renders with the screen, then rows added at each later step. */
export const PROGRESSIVE_FIRST = 2;
export const PROGRESSIVE_STEP = 2;

/**
 * How many of a list's `total` rows to render now: `first` with the screen, then `step` more each
 * time the browser is idle, as a transition, until all are shown (docs/rules.md#light-first-screens).
 * A long list of rich rows (a trainee's signed cards) would otherwise be built, styled and inserted in
 * one task that blocks a phone for hundreds of milliseconds; in small steps no task is long, and the
 * rows below the first screen are all there a moment later. `atLeast` rows are always shown (e.g.
 * up to a row a link points at).
 */
export function useProgressiveCount(
  total: number,
  { first = PROGRESSIVE_FIRST, step = PROGRESSIVE_STEP, atLeast = 0 } = {},
): number {
  const [shown, setShown] = useState(first);
  const count = Math.min(total, Math.max(shown, atLeast));
  useEffect(() => {
    if (count >= total) return;
    return whenIdle(() => startTransition(() => setShown(count + step)), { timeout: 500 });
  }, [count, total, step]);
  return count;
}
