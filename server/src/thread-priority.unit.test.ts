import { describe, expect, it } from 'vitest';
import { idleThisThread } from './thread-priority';
import { policies, thisThreadId } from './testing/thread-stat';

/** This thread's scheduling policy (0 normal, 5 SCHED_IDLE). */
const policy = () => policies().get(thisThreadId());

describe('idleThisThread', () => {
  it.skipIf(process.platform !== 'linux')('leaves the thread as it is on one core (Linux)', () => {
    const before = policy();
    expect(idleThisThread(1)).toBe(false);
    expect(policy()).toBe(before);
  });
});
