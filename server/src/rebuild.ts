import { pathToFileURL } from 'node:url';
import { loadConfig } from '@panda/platform/config';
import { createLogger } from '@panda/platform/logger';
import { ProjectionRunner } from '@panda/projections/runner';
import { allProjections } from './projections';
import { openEventStore, openReadStore } from './stores';

export interface RebuildReport {
  projection: string;
  /** Events read from the log (a count, whatever the store's positions are: KurrentDB's are byte offsets). */
  events: number;
  ms: number;
}

/** Rebuilds the named projections (all when none is named), one after the other. */
export async function rebuildProjections(runner: ProjectionRunner, names: string[], report: (r: RebuildReport) => void = () => {}): Promise<RebuildReport[]> {
  const unknown = names.filter((n) => !runner.projections.some((p) => p.name === n));
  if (unknown.length) throw new Error(`Unknown projection(s): ${unknown.join(', ')}. Known: ${runner.projections.map((p) => p.name).join(', ')}`);
  const reports: RebuildReport[] = [];
  for (const p of runner.projections.filter((x) => !names.length || names.includes(x.name))) {
    const started = Date.now();
    const events = await runner.rebuild(p.name);
    const r = { projection: p.name, events, ms: Date.now() - started };
    reports.push(r);
    report(r);
  }
  return reports;
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
    await rebuildProjections(runner, process.argv.slice(2), (r) => console.log(describeRebuild(r)));
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
