import { loadConfig } from '@panda/platform/config';
import { createLogger } from '@panda/platform/logger';
import { ProjectionRunner } from '@panda/projections/runner';
import { allProjections } from './projections';
import { openEventStore, openReadStore } from './stores';

/**
 * `npm run projections:rebuild [name ...]`: drops the named read models (all when none is named)
 * and applies the whole log again. Run it while the projection runner is stopped.
 */
const config = loadConfig();
const logger = createLogger(config.logLevel);
const store = await openEventStore(config);
const readStore = await openReadStore(config);
const runner = new ProjectionRunner(store, readStore, allProjections, { logger });
await runner.init();
const wanted = process.argv.slice(2);
const unknown = wanted.filter((n) => !allProjections.some((p) => p.name === n));
if (unknown.length) {
  console.error(`Unknown projection(s): ${unknown.join(', ')}. Known: ${allProjections.map((p) => p.name).join(', ')}`);
  process.exit(2);
}
const head = await store.headPosition();
for (const p of allProjections.filter((x) => !wanted.length || wanted.includes(x.name))) {
  const t = Date.now();
  await runner.rebuild(p.name);
  const ms = Date.now() - t;
  console.log(`${p.name}: rebuilt ${head} events in ${ms} ms (${Math.round(head / Math.max(ms, 1) * 1000)} events/s)`);
}
await readStore.close();
await store.close();
