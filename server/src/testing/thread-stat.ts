import { readdirSync, readFileSync, readlinkSync } from 'node:fs';

/** This process's threads by id, each with field `index` of its /proc/self/task/<id>/stat (counted after the name). */
export const threadField = (index: number): Map<string, number> =>
  new Map(
    readdirSync('/proc/self/task').flatMap((tid) => {
      try {
        const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
        return [[tid, Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[index])] as const];
      } catch {
        return []; // ended meanwhile
      }
    }),
  );

/** Each thread's niceness (the 19th field) and scheduling policy (the 41st: 0 normal, 5 SCHED_IDLE). */
export const niceness = () => threadField(16);
export const policies = () => threadField(38);
export const SCHED_IDLE = 5;

/** The id of the thread that calls it (/proc/thread-self links to <pid>/task/<tid>). */
export const thisThreadId = () => readlinkSync('/proc/thread-self').split('/').pop()!;
