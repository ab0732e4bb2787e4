import { parentPort, workerData } from 'node:worker_threads';
import type { Config } from '@panda/platform/config';
import { keepServingOnUncaughtErrors } from '@panda/platform/process';
import { SqliteEventStore } from '@panda/events/sqlite-event-store';
import type { CommittedBatch } from '@panda/projections/projection';
import { startPlatform } from './platform';
import { lowerThisThread } from './thread-priority';
import type { FromProjections, ToProjections } from './projections-thread';

/** The worker thread of `npm start` (projections-thread.ts): the `start:projections` part. */
const port = parentPort;
if (!port) throw new Error('projections-worker.ts runs as a worker thread (see projections-thread.ts)');
const { config } = workerData as { config: Config };
// Lowered before anything else runs here; a system that refuses it leaves the thread as it was, and says so.
let refused: { err: unknown } | null = null;
try {
  lowerThisThread(config.projectionsNice);
} catch (err) {
  refused = { err };
}
const platform = await startPlatform(config, { commands: false, queries: false, projections: true, web: false });
keepServingOnUncaughtErrors(platform.logger);
if (refused)
  platform.logger.warn(
    refused,
    "projections thread: PROJECTIONS_NICE could not be applied in full (niceness, or the idle policy); it may run at the HTTP thread's priority",
  );
const { runner, store } = platform;
const send = (message: FromProjections) => port.postMessage(message);

// How far the HTTP thread has flushed the log: read up to there without flushing it again.
let durable = 0;
if (store instanceof SqliteEventStore) store.readDurableFrom(() => durable);

// One message per turn's commits, with the position every read model has reached.
let batches: CommittedBatch[] = [];
const post = () => {
  send({ type: 'committed', position: runner.position(), batches });
  batches = [];
};
runner.onCommitted((batch) => {
  if (batches.push(batch) === 1) setImmediate(post);
});

let stopping = false;
port.on('message', (message: ToProjections) => {
  if (message.type === 'appended') {
    durable = Math.max(durable, message.position);
    if (store instanceof SqliteEventStore) store.appendedElsewhere(message.position);
  } else if (message.type === 'publicUrl') {
    config.publicUrl = message.url;
  } else if (message.type === 'stop' && !stopping) {
    stopping = true;
    void platform
      .stop()
      .catch((err) => platform.logger.error({ err }, 'projections worker: stop failed'))
      .finally(() => process.exit(0));
  }
});
send({ type: 'ready', position: runner.position() });
