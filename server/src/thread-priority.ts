import { getPriority, setPriority } from 'node:os';

/**
 * Lowers the calling thread's scheduling priority by `levels` of niceness (at most to 19), and answers
 * the niceness it then has. Only on Linux, where niceness belongs to each thread (`setpriority` with
 * pid 0 sets the calling thread's): elsewhere it would lower the whole process, the HTTP thread too,
 * so it changes nothing and answers null. Used by the projections worker of `npm start`: when every
 * core is busy, the HTTP thread answering requests comes first (docs/benchmarks.md, "The projections
 * thread yields to requests").
 */
export function lowerThisThread(levels: number): number | null {
  if (process.platform !== 'linux') return null;
  const now = getPriority(0);
  const to = Math.min(19, now + Math.max(0, levels));
  // Raising it again would need privileges; a thread already as low or lower stays as it is.
  if (to > now) setPriority(0, to);
  return getPriority(0);
}
