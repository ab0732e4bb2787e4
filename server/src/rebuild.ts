import { pathToFileURL } from 'node:url';
import { loadConfig } from '@panda/platform/config';
import { createLogger } from '@panda/platform/logger';
import { ProjectionRunner, type RebuildProgress } from '@panda/projections/runner';
import { allProjections } from './projections';
import { openEventStore, openReadStore } from './stores';
import { typeScriptWorker } from './ts-worker';

/** The environment's config, or these SQLite files. */
export type RebuildStores = { config: true } | { eventsFile: string; readFile: string };
export interface RebuildWorkerData {
  names: string[];
  stores: RebuildStores;
}
export type RebuildWorkerMessage = { progress: RebuildProgress } | { done: number; ms: number };
export interface RebuildThreadTime {
  names: string[];
  ms: number;
}

/** About half a rebuild's work: each handles every signed card (docs/operations.md#rebuilding-read-models). */
export const SECOND_THREAD = ['sign_offs', 'reminder_timers'];
/** V8's default is 16 to 32 MB: a rebuild keeps nearly every object it makes, and promotes them in fewer collections. */
const YOUNG_GENERATION_MB = 192;

export const rebuildGroups = (chosen: string[]): string[][] =>
  [chosen.filter((n) => !SECOND_THREAD.includes(n)), chosen.filter((n) => SECOND_THREAD.includes(n))].filter(
    (g) => g.length,
  );

/** The slowest thread's reading, then, once every one is writing, the documents all of them have written. */
export function mergeProgress(all: RebuildProgress[]): RebuildProgress {
  const slowest = all.reduce((a, b) => (b.position < a.position ? b : a));
  const { events, position, head } = slowest;
  if (!all.every((p) => p.written)) return { events, position, head };
  const sum = (f: (w: { documents: number; of: number }) => number) =>
    all.reduce((n, p) => n + (p.written ? f(p.written) : 0), 0);
  return { events, position, head, written: { documents: sum((w) => w.documents), of: sum((w) => w.of) } };
}

/** A thread per group of rebuildGroups; answers how many events the log held; a failing thread stops the others. */
export async function rebuildInWorkers(
  chosen: string[],
  stores: RebuildStores,
  onProgress?: (p: RebuildProgress) => void,
  onThreadDone?: (t: RebuildThreadTime) => void,
): Promise<number> {
  const groups = rebuildGroups(chosen);
  const latest: (RebuildProgress | undefined)[] = groups.map(() => undefined);
  const report = () => {
    const all = latest.filter((p): p is RebuildProgress => !!p);
    if (onProgress && all.length === latest.length) onProgress(mergeProgress(all));
  };
  const entry = new URL('./rebuild-worker.ts', import.meta.url);
  const workers = groups.map((names) =>
    typeScriptWorker(entry, {
      workerData: { names, stores } satisfies RebuildWorkerData,
      resourceLimits: { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB },
    }),
  );
  try {
    const counts = await Promise.all(
      workers.map(
        (worker, i) =>
          new Promise<number>((resolve, reject) => {
            let done: number | undefined;
            worker.on('message', (m: RebuildWorkerMessage) => {
              if ('done' in m) {
                done = m.done;
                onThreadDone?.({ names: groups[i], ms: m.ms });
              } else {
                latest[i] = m.progress;
                report();
              }
            });
            worker.on('error', reject);
            worker.on('exit', (code) =>
              done === undefined
                ? reject(new Error(`Rebuild of ${groups[i].join(', ')} stopped (exit code ${code})`))
                : resolve(done),
            );
          }),
      ),
    );
    return Math.max(...counts);
  } finally {
    await Promise.all(workers.map((w) => w.terminate()));
  }
}

/**
 * The named projections (all when none is named), in worker threads that open `workers`, else in this one. A report's
 * `events` is a count of the events read, whatever the store's positions are (KurrentDB's are byte offsets).
 */
export async function rebuildProjections(
  runner: ProjectionRunner,
  names: string[],
  onProgress?: (p: RebuildProgress) => void,
  options: { workers?: RebuildStores } = {},
) {
  const unknown = names.filter((n) => !runner.projections.some((p) => p.name === n));
  if (unknown.length)
    throw new Error(
      `Unknown projection(s): ${unknown.join(', ')}. Known: ${runner.projections.map((p) => p.name).join(', ')}`,
    );
  const chosen = runner.projections.filter((x) => !names.length || names.includes(x.name)).map((p) => p.name);
  const started = Date.now();
  let events: number;
  if (options.workers) {
    events = await rebuildInWorkers(chosen, options.workers, onProgress);
    await runner.init(); // the checkpoints the threads wrote
  } else events = await runner.rebuildAll(chosen, onProgress);
  const ms = Date.now() - started;
  return chosen.map((projection) => ({ projection, events, ms }));
}

export type RebuildReport = Awaited<ReturnType<typeof rebuildProjections>>[number];

const clock = (seconds: number) => {
  const s = Math.max(0, Math.round(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
};

/** On a terminal a bar redrawn in place with rate and ETA; otherwise one line every `everyMs`. */
export function progressReporter(
  out: Pick<NodeJS.WriteStream, 'write'> & { isTTY?: boolean; columns?: number },
  now = () => Date.now(),
  everyMs = 5000,
) {
  const started = now();
  let writing = 0;
  // Written before the writing is first shown (another thread still reading): not in the rate.
  let writtenBefore = 0;
  let lastLine = -Infinity;
  return {
    update(p: RebuildProgress) {
      const w = p.written;
      if (w && !writing) {
        writing = now();
        writtenBefore = w.documents;
      }
      const elapsed = Math.max(1, now() - (w ? writing : started)) / 1000;
      const done = w ? w.documents - writtenBefore : p.events;
      const rate = done / elapsed;
      const fraction = w ? (w.of > 0 ? w.documents / w.of : 1) : p.head > 0 ? Math.min(1, p.position / p.head) : 1;
      const left = w ? w.of - w.documents : p.head > 0 ? (p.events / Math.max(fraction, 1e-9)) * (1 - fraction) : 0;
      const eta = fraction >= 1 ? 0 : rate > 0 ? left / rate : 0;
      const n = (x: number) => Math.round(x).toLocaleString('en-GB');
      const figures = w
        ? `${(fraction * 100).toFixed(0).padStart(3)}%  writing ${n(w.documents)} of ${n(w.of)} documents (${n(p.events)} events read)  ${n(rate)} documents/s  ETA ${clock(eta)}`
        : `${(fraction * 100).toFixed(0).padStart(3)}%  ${n(p.events)} events  ${n(rate)} events/s  ETA ${clock(eta)}`;
      if (out.isTTY) {
        const width = Math.max(10, Math.min(40, (out.columns ?? 80) - figures.length - 4));
        const filled = Math.round(fraction * width);
        out.write(`\r[${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${figures}\u001b[K`);
      } else if (now() - lastLine >= everyMs || fraction >= 1) {
        lastLine = now();
        out.write(`rebuild: ${figures}\n`);
      }
    },
    done() {
      if (out.isTTY) out.write('\n');
    },
  };
}

export const describeRebuild = (r: RebuildReport) =>
  `${r.projection}: rebuilt from ${r.events} events in ${r.ms} ms (${Math.round((r.events / Math.max(r.ms, 1)) * 1000)} events/s)`;

/** `npm run projections:rebuild [name ...]` (docs/operations.md#rebuilding-read-models). */
async function main() {
  const config = loadConfig();
  const logger = createLogger(config.logLevel);
  const store = await openEventStore(config);
  const readStore = await openReadStore(config);
  const runner = new ProjectionRunner(store, readStore, allProjections, { logger });
  try {
    await runner.init();
    const progress = progressReporter(process.stderr);
    const reports = await rebuildProjections(runner, process.argv.slice(2), progress.update, {
      workers: { config: true },
    });
    progress.done();
    if (reports.length)
      console.log(describeRebuild({ ...reports[0], projection: reports.map((r) => r.projection).join(', ') }));
  } finally {
    await readStore.close();
    await store.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((err) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
