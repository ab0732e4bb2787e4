import { getPriority, setPriority } from 'node:os';

/**
 * Lowers the calling thread's scheduling priority by `levels` of niceness (0 to 19; at most to 19).
 * Only on Linux, where niceness belongs to each thread (`setpriority` with pid 0 sets the calling
 * thread's): elsewhere it would lower the whole process, the HTTP thread too, so it changes nothing.
 * Used by the projections worker of `npm start`: when every core is busy, the HTTP thread answering
 * requests comes first (docs/benchmarks.md, "The projections thread yields to requests").
 */
export function lowerThisThread(levels: number): void {
  if (process.platform !== 'linux') return;
  const now = getPriority(0);
  const to = Math.min(19, now + levels);
  // Raising it again would need privileges; a thread already as low or lower stays as it is.
  if (to > now) setPriority(0, to);
}
