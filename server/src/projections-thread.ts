import { EventEmitter } from 'node:events';
import { stat } from 'node:fs/promises';
import type { Worker } from 'node:worker_threads';
import type { Config } from '@panda/platform/config';
import { createLogger, type Logger } from '@panda/platform/logger';
import { SqliteEventStore } from '@panda/events/sqlite-event-store';
import type { CommittedBatch } from '@panda/projections/projection';
import type { ChangeFeed } from '@panda/projections/change-feed';
import { typeScriptWorker } from './ts-worker';
import type { Platform, PlatformOverrides } from './platform';

/** Messages from the projections worker (projections-worker.ts). */
export type FromProjections =
  { type: 'ready'; position: number } | { type: 'committed'; position: number; batches: CommittedBatch[] };

/** Messages to the projections worker. */
export type ToProjections =
  { type: 'appended'; position: number } | { type: 'publicUrl'; url: string } | { type: 'stop' };

/** A worker that stayed up this long before it stopped is restarted at once again (no backoff). */
const STABLE_MS = 60_000;
/** How long stop waits for the worker to finish its batch and close its stores before ending it. */
const STOP_MS = 10_000;

/** The projections part on a worker thread, restarted with a backoff when it stops (docs/architecture.md, `server/src/`). */
export async function startProjectionsThread(config: Config, logger: Logger) {
  const entry = new URL('./projections-worker.ts', import.meta.url);

  const feed = new EventEmitter();
  feed.setMaxListeners(0);
  let position = 0;
  const waiters = new Set<() => void>();
  const advance = (to: number) => {
    if (to <= position) return;
    position = to;
    for (const w of [...waiters]) w();
  };

  let worker: Worker | null = null;
  let stopping = false;
  let restarts = 0;
  let failures = 0;
  let restartTimer: NodeJS.Timeout | null = null;
  let exited: Promise<void> = Promise.resolve();

  const spawn = () =>
    new Promise<void>((resolve, reject) => {
      const startedAt = Date.now();
      const w = typeScriptWorker(entry, { workerData: { config } });
      worker = w;
      let ready = false;
      let error: unknown = null;
      exited = new Promise((r) => w.once('exit', () => r()));
      w.on('message', (m: FromProjections) => {
        if (m.type === 'ready') {
          ready = true;
          advance(m.position);
          resolve();
        } else {
          // Listeners first (the accounts the authenticator keeps), then whoever waits for the position.
          for (const batch of m.batches) feed.emit('batch', batch);
          advance(m.position);
        }
      });
      w.on('error', (err) => (error = err));
      w.once('exit', (code) => {
        worker = null;
        if (!ready)
          return reject(error ?? new Error(`The projections worker stopped (exit code ${code}) while starting`));
        if (stopping) return;
        failures = Date.now() - startedAt > STABLE_MS ? 0 : failures + 1;
        const delayMs = failures ? Math.min(30_000, 250 * 2 ** failures) : 0;
        logger.error({ err: error, code, delayMs }, 'projections worker stopped; starting it again');
        restartLater(delayMs);
      });
    });
  const restartLater = (delayMs: number) => {
    restartTimer = setTimeout(() => {
      restartTimer = null;
      if (stopping) return;
      restarts += 1;
      spawn().catch((err) => {
        if (stopping) return;
        failures += 1;
        const next = Math.min(30_000, 250 * 2 ** failures);
        logger.error({ err, delayMs: next }, 'projections worker failed to start; trying again');
        restartLater(next);
      });
    }, delayMs);
  };
  const send = (message: ToProjections) => worker?.postMessage(message);

  // libuv's thread pool (file system calls, the log's fdatasync) is made by the first thread that uses
  // it, and its threads take that thread's niceness: made by this one, before the worker lowers its own.
  await stat(config.dataDir);
  await spawn();

  const changeFeed: ChangeFeed = {
    subscribe(listener) {
      feed.on('batch', listener);
      return () => feed.off('batch', listener);
    },
    close: () => feed.removeAllListeners(),
  };
  return {
    feed: changeFeed,
    /** Every read model has applied the log up to here (as last told by the worker). */
    position: () => position,
    waitFor(to: number, timeoutMs: number) {
      if (position >= to) return Promise.resolve(true);
      return new Promise<boolean>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          waiters.delete(check);
          resolve(position >= to);
        };
        const check = () => position >= to && done();
        const timer = setTimeout(done, timeoutMs);
        waiters.add(check);
      });
    },
    /** The log grew to `head` (durably) through this thread's event store: a worker waiting for it reads it at once. */
    appended: (head: number) => send({ type: 'appended', position: head }),
    /** The address mails link to, once the HTTP server knows its port. */
    setPublicUrl: (url: string) => {
      config.publicUrl = url;
      send({ type: 'publicUrl', url });
    },
    /** Times the worker was started again after it stopped on its own. */
    restarts: () => restarts,
    /** The worker running now: null while it is being started again, and once stopped. */
    worker: () => worker,
    async stop() {
      stopping = true;
      if (restartTimer) clearTimeout(restartTimer);
      const w = worker;
      if (w) {
        w.postMessage({ type: 'stop' } satisfies ToProjections);
        const timer = setTimeout(() => void w.terminate(), STOP_MS);
        await exited;
        clearTimeout(timer);
      }
      for (const w of [...waiters]) w();
      changeFeed.close();
    },
  };
}

export type ProjectionsThread = Awaited<ReturnType<typeof startProjectionsThread>>;

export interface ThreadedPlatform extends Platform {
  projectionsThread: ProjectionsThread;
}

/** `npm start` on two threads; this thread's runner, reactors and reminders stay idle (the worker runs its own). */
export async function startThreadedPlatform(
  config: Config,
  overrides: Omit<PlatformOverrides, 'projections'> = {},
): Promise<ThreadedPlatform> {
  const logger = overrides.logger ?? createLogger(config.logLevel);
  const starting = startProjectionsThread(config, logger);
  // Loaded while the worker starts (docs/benchmarks.md#start-up).
  const modules = import('./platform').then(async (m) => {
    await m.httpParts();
    return m;
  });
  // Answered below once the worker is up; a worker that fails first leaves it unawaited.
  modules.catch(() => {});
  const thread = await starting;
  let platform: Platform;
  try {
    const { startPlatform } = await modules;
    platform = await startPlatform(
      config,
      { commands: true, queries: true, projections: false, web: true },
      { ...overrides, logger, projections: thread },
    );
  } catch (err) {
    await thread.stop();
    throw err;
  }
  const { store } = platform;
  const off = store instanceof SqliteEventStore ? store.onAppend((head) => thread.appended(head)) : () => {};
  return {
    ...platform,
    projectionsThread: thread,
    async stop() {
      await platform.stop();
      off();
      await thread.stop();
    },
  };
}
