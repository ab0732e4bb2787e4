import { describe, expect, it } from 'vitest';
import { NotLeaderError, UnavailableError } from '@kurrent/kurrentdb-client';
import { MongoServerSelectionError } from 'mongodb';
import { isTransientStartupError, retryWhileStarting } from './startup-retry';

/** A clock that only moves when the retry sleeps: no real waiting. */
const fakeTime = () => {
  let t = 0;
  const slept: number[] = [];
  return { slept, now: () => t, sleep: async (ms: number) => void (slept.push(ms), (t += ms)) };
};

describe('start-up retries', () => {
  it('knows "not ready yet" from real failures', () => {
    expect(isTransientStartupError(new UnavailableError())).toBe(true);
    expect(
      isTransientStartupError(Object.assign(Object.create(NotLeaderError.prototype), { type: 'not-leader' })),
    ).toBe(true);
    expect(isTransientStartupError(new MongoServerSelectionError('no primary yet', {} as never))).toBe(true);
    expect(isTransientStartupError(new Error('ADMIN_PASSWORD must be at least 12 characters'))).toBe(false);
    expect(isTransientStartupError(undefined)).toBe(false);
  });

  it('retries provisioning while the event store has no leader, with growing pauses', async () => {
    const time = fakeTime();
    let calls = 0;
    const result = await retryWhileStarting(
      async () => {
        if (++calls < 4) throw new UnavailableError();
        return 'created';
      },
      { ...time, firstDelayMs: 100, maxDelayMs: 250 },
    );
    expect(result).toBe('created');
    expect(time.slept).toEqual([100, 200, 250]);
  });

  it('fails at once on a real error, and after the time limit on a store that never comes', async () => {
    const time = fakeTime();
    let calls = 0;
    await expect(
      retryWhileStarting(async () => {
        calls++;
        throw new Error('belongs to a student account');
      }, time),
    ).rejects.toThrow(/student/);
    expect(calls).toBe(1);
    await expect(
      retryWhileStarting(
        async () => {
          throw new UnavailableError();
        },
        { ...time, timeoutMs: 10_000, maxDelayMs: 1000 },
      ),
    ).rejects.toBeInstanceOf(UnavailableError);
    expect(time.now()).toBeLessThanOrEqual(10_000);
    expect(time.slept.length).toBeGreaterThan(5);
  });
});
