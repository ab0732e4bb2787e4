import { execFileSync } from 'node:child_process';
import { readlinkSync } from 'node:fs';
import { availableParallelism, getPriority, setPriority } from 'node:os';

/**
 * Lowers the calling thread's scheduling priority by `levels` of niceness (0 to 19; at most to 19),
 * and when `levels` is above 0 also puts it under the idle policy (idleThisThread, two cores or more).
 * Only on Linux, where niceness belongs to each thread (`setpriority` with pid 0 sets the calling
 * thread's): elsewhere it would lower the whole process, the HTTP thread too, so it changes nothing.
 * Used by the projections worker of `npm start`: when every core is busy, the HTTP thread answering
 * requests comes first (docs/benchmarks.md, "The projections thread yields to requests": at the HTTP
 * thread's priority section 5's throughput goal was met in no run, lowered in most).
 */
export function lowerThisThread(levels: number): void {
  if (process.platform !== 'linux') return;
  const now = getPriority(0);
  const to = Math.min(19, now + levels);
  // Raising it again would need privileges; a thread already as low or lower stays as it is.
  if (to > now) setPriority(0, to);
  if (levels > 0) idleThisThread();
}

/**
 * Puts the calling thread under Linux's idle scheduling policy (SCHED_IDLE): it runs on a core no other
 * thread wants, and a thread that wakes there (the HTTP thread, at a request) takes the core at once,
 * where under niceness alone it could wait for the end of the lower thread's time slice (EEVDF). Only
 * with two cores or more, where the HTTP thread alone cannot keep every core busy: on one core the
 * projections would stand still for as long as requests keep coming. Node has no call for it: `chrt`
 * (util-linux) sets it by the thread's id. Returns whether it was set; throws when it could not be.
 */
export function idleThisThread(cores = availableParallelism()): boolean {
  if (process.platform !== 'linux' || cores < 2) return false;
  // /proc/thread-self links to <pid>/task/<tid> of the thread that reads it.
  const tid = readlinkSync('/proc/thread-self').split('/').pop()!;
  execFileSync('chrt', ['--idle', '--pid', '0', tid], { stdio: ['ignore', 'ignore', 'pipe'] });
  return true;
}
