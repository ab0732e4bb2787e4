import { describe, expect, it, vi } from 'vitest';
import type { RootState } from '../root-reducer';
import { afterFirstScreen, REGISTER_BY_MS } from './after-first-screen';

/** The API slice's state with one read in each status given. */
const withReads = (...statuses: string[]) =>
  ({
    api: { queries: Object.fromEntries(statuses.map((status, i) => [`read${i}`, { status }])) },
  }) as unknown as RootState;

/** Idle periods run one at a time by the test, each with the time it leaves (ms). */
function idlePeriods() {
  const waiting: ((deadline?: IdleDeadline) => void)[] = [];
  return {
    waitIdle: (callback: (deadline?: IdleDeadline) => void) => void waiting.push(callback),
    next(remaining: number) {
      const callback = waiting.shift();
      if (!callback) throw new Error('nothing waits for an idle period');
      callback({ timeRemaining: () => remaining, didTimeout: false });
    },
    get waiting() {
      return waiting.length;
    },
  };
}

describe('afterFirstScreen: the service worker waits for the first screen (docs/rules.md#installable-app)', () => {
  it('waits while a read is on its way, and for a whole idle period, then calls back once', () => {
    let state = withReads('fulfilled', 'pending');
    const idle = idlePeriods();
    const callback = vi.fn();
    afterFirstScreen(() => state, callback, { waitIdle: idle.waitIdle, now: () => 0 });
    idle.next(50);
    expect(callback).not.toHaveBeenCalled();
    state = withReads('fulfilled', 'rejected');
    idle.next(12);
    expect(callback).not.toHaveBeenCalled();
    idle.next(50);
    expect(callback).toHaveBeenCalledTimes(1);
    expect(idle.waiting).toBe(0);
  });

  it('calls back all the same once REGISTER_BY_MS have passed on a page that stays busy', () => {
    let time = 1_000;
    const idle = idlePeriods();
    const callback = vi.fn();
    afterFirstScreen(() => withReads('pending'), callback, { waitIdle: idle.waitIdle, now: () => time });
    time += REGISTER_BY_MS - 1;
    idle.next(50);
    expect(callback).not.toHaveBeenCalled();
    time += 1;
    idle.next(50);
    expect(callback).toHaveBeenCalledTimes(1);
  });
});
