/**
 * Calls back when the browser is idle (after its frame), with the idle period's deadline; where it has
 * no idle callbacks, after `fallbackMs` on a timer, with none. `timeout` bounds the wait for an idle
 * period. Answers a function that cancels the call.
 */
export function whenIdle(
  callback: (deadline?: IdleDeadline) => void,
  { timeout, fallbackMs = 0 }: { timeout?: number; fallbackMs?: number } = {},
): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(callback, timeout === undefined ? undefined : { timeout });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(callback, fallbackMs);
  return () => clearTimeout(id);
}
