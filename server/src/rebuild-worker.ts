import { parentPort, workerData } from 'node:worker_threads';
import { SqliteEventStore } from '@panda/events/sqlite-event-store';
import type { EventStore } from '@panda/events/event-store';
import { loadConfig } from '@panda/platform/config';
import type { ReadStore } from '@panda/projections/read-store';
import { ProjectionRunner } from '@panda/projections/runner';
import { SqliteReadStore, type SqliteReadStoreOptions } from '@panda/projections/sqlite-read-store';
import { allProjections } from './projections';
import type { RebuildWorkerData, RebuildWorkerMessage } from './rebuild';
import { openEventStore, openReadStore } from './stores';

/** SQLite's busy handler polls: the other thread may keep the file for all of its writing. */
const WAIT_FOR_OTHER_THREAD_MS = 30 * 60_000;

/** One group of rebuildInWorkers (rebuild.ts): posts its progress, then how many events it read. */
async function run({ names, stores }: RebuildWorkerData, post: (m: RebuildWorkerMessage) => void) {
  let store: EventStore;
  let readStore: ReadStore;
  const options: SqliteReadStoreOptions = { busyTimeoutMs: WAIT_FOR_OTHER_THREAD_MS, bulkWriter: true };
  if ('config' in stores) {
    const config = loadConfig();
    store = await openEventStore(config);
    readStore = await openReadStore(config, options);
  } else {
    store = new SqliteEventStore(stores.eventsFile);
    readStore = new SqliteReadStore(stores.readFile, options);
  }
  const started = performance.now();
  try {
    const runner = new ProjectionRunner(
      store,
      readStore,
      allProjections.filter((p) => names.includes(p.name)),
    );
    const events = await runner.rebuildAll(names, (progress) => post({ progress }));
    post({ done: events, ms: performance.now() - started });
  } finally {
    await readStore.close();
    await store.close();
  }
}

if (parentPort) {
  const port = parentPort;
  // A failure rejects: the worker's 'error' event carries it to the main thread.
  void run(workerData as RebuildWorkerData, (m) => port.postMessage(m));
}
