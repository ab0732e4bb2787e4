import { pathToFileURL } from 'node:url';
import { loadConfig } from '@panda/platform/config';
import { createLogger } from '@panda/platform/logger';
import { ProjectionRunner, type RebuildProgress } from '@panda/projections/runner';
import { allProjections } from './projections';
import { openEventStore, openReadStore } from './stores';

export interface RebuildReport {
  projection: string;
  /** Events read from the log (a count, whatever the store's positions are: KurrentDB's are byte offsets). */
  events: number;
  ms: number;
}

/**
 * Rebuilds the named projections (all when none is named) in one pass over the log; each report
 * says how many events that pass read and how long it took.
 */
export async function rebuildProjections(
  runner: ProjectionRunner,
  names: string[],
  report: (r: RebuildReport) => void = () => {},
  onProgress?: (p: RebuildProgress) => void,
): Promise<RebuildReport[]> {
  const unknown = names.filter((n) => !runner.projections.some((p) => p.name === n));
  if (unknown.length)
    throw new Error(
      `Unknown projection(s): ${unknown.join(', ')}. Known: ${runner.projections.map((p) => p.name).join(', ')}`,
    );
  const chosen = runner.projections.filter((x) => !names.length || names.includes(x.name)).map((p) => p.name);
  const started = Date.now();
  const events = await runner.rebuildAll(chosen, onProgress);
  const ms = Date.now() - started;
  const reports = chosen.map((projection) => ({ projection, events, ms }));
  reports.forEach(report);
  return reports;
}

const clock = (seconds: number) => {
  const s = Math.max(0, Math.round(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
};

/**
 * Progress of a rebuild on stderr: on a terminal a bar redrawn in place with events/s and an ETA;
 * otherwise (a log file, CI) one line every `everyMs`.
 */
export function progressReporter(
  out: Pick<NodeJS.WriteStream, 'write'> & { isTTY?: boolean; columns?: number },
  now = () => Date.now(),
  everyMs = 5000,
) {
  const started = now();
  let writing = 0;
  let lastLine = -Infinity;
  return {
    update(p: RebuildProgress) {
      const w = p.written;
      // Reading the log, then writing the rebuilt documents: each with its own rate and ETA.
      if (w && !writing) writing = now();
      const elapsed = Math.max(1, now() - (w ? writing : started)) / 1000;
      const done = w ? w.documents : p.events;
      const rate = done / elapsed;
      const fraction = w ? (w.of > 0 ? w.documents / w.of : 1) : p.head > 0 ? Math.min(1, p.position / p.head) : 1;
      const eta = fraction > 0 ? (elapsed / fraction) * (1 - fraction) : 0;
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

/**
 * `npm run projections:rebuild [name ...]`: drops the named read models (all when none is named)
 * and applies the whole log again. Run it while the projection runner is stopped.
 */
async function main() {
  const config = loadConfig();
  const logger = createLogger(config.logLevel);
  const store = await openEventStore(config);
  const readStore = await openReadStore(config);
  const runner = new ProjectionRunner(store, readStore, allProjections, { logger });
  try {
    await runner.init();
    const progress = progressReporter(process.stderr);
    const reports = await rebuildProjections(runner, process.argv.slice(2), () => {}, progress.update);
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
