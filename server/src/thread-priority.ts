import { execFileSync } from 'node:child_process';
import { readlinkSync } from 'node:fs';
import { availableParallelism, getPriority, setPriority } from 'node:os';

/**
 * Niceness +`levels` (at most 19) and, above 0, the idle policy (docs/benchmarks.md, "The projections thread
 * yields to requests"). Linux only: elsewhere niceness is the whole process's, the HTTP thread's too.
 */
export function lowerThisThread(levels: number): void {
  if (process.platform !== 'linux') return;
  const now = getPriority(0);
  const to = Math.min(19, now + levels);
  // Raising it again would need privileges; a thread already as low or lower stays as it is.
  if (to > now) setPriority(0, to);
  if (levels > 0) idleThisThread();
}

/** SCHED_IDLE by `chrt` (Node has no call for it), with two cores or more; throws when it could not be set. */
export function idleThisThread(cores = availableParallelism()): boolean {
  if (process.platform !== 'linux' || cores < 2) return false;
  // /proc/thread-self links to <pid>/task/<tid> of the thread that reads it.
  const tid = readlinkSync('/proc/thread-self').split('/').pop()!;
  execFileSync('chrt', ['--idle', '--pid', '0', tid], { stdio: ['ignore', 'ignore', 'pipe'] });
  return true;
}
