import { readFileSync, readlinkSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { idleThisThread } from './thread-priority';

/** This thread's scheduling policy (the 41st field of its stat: 0 normal, 5 SCHED_IDLE). */
const policy = () => {
  const stat = readFileSync(`/proc/${readlinkSync('/proc/thread-self')}/stat`, 'utf8');
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[38]);
};

describe('idleThisThread', () => {
  it.skipIf(process.platform !== 'linux')('leaves the thread as it is on one core (Linux)', () => {
    const before = policy();
    expect(idleThisThread(1)).toBe(false);
    expect(policy()).toBe(before);
  });
});
