import { close, ftruncate, open, watch, write as fsWrite, type FSWatcher } from 'node:fs';
import { basename, dirname } from 'node:path';
import type { ReadStore } from '@panda/projections/read-store';
import type { ProjectionRunner } from '@panda/projections/runner';

/**
 * Read-your-writes across processes on one machine (`start:projections` beside `start:command` /
 * `start:query`, sharing DATA_DIR and its SQLite read store) without a polling delay. The process
 * that runs the projections writes this file after every committed batch (no fsync: it is only a
 * wake-up call); the others watch the folder (inotify) and check the stored checkpoints when it
 * changes. The checkpoints, not the file, decide: a stale file only wakes a waiter early.
 */
export const positionSignalFile = (dataDir: string) => `${dataDir}/projections.position`;

/**
 * In the process that runs the projections: writes the signal file when the position moved, off the
 * event loop and one write at a time (batches committed meanwhile are told by the next write). The
 * file stays open: each move is one write over its start (and a truncate when the text got shorter),
 * where writing the file anew took an open, a write and a close per committed batch.
 */
export function publishPositions(runner: ProjectionRunner, file: string, onError: (err: unknown) => void): () => void {
  let last = -1;
  let writing = false;
  let stopped = false;
  let fd: number | null = null;
  /** Length of the text the file holds. */
  let length = 0;
  const closeIfStopped = () => {
    if (!stopped || fd === null) return;
    close(fd, (err) => err && onError(err));
    fd = null;
  };
  const write = () => {
    const position = runner.position();
    writing = !stopped && position !== last;
    if (!writing) return closeIfStopped();
    last = position;
    const text = String(position);
    const done = (err: NodeJS.ErrnoException | null) => {
      if (err) {
        onError(err);
        // Opened again by the next write.
        if (fd !== null) close(fd, () => {});
        fd = null;
      }
      write();
    };
    const put = (handle: number) => {
      const shorter = text.length < length;
      length = text.length;
      fsWrite(handle, text, 0, 'utf8', (err) => (err || !shorter ? done(err) : ftruncate(handle, text.length, done)));
    };
    if (fd !== null) return put(fd);
    open(file, 'w', 0o600, (err, handle) => {
      if (err) return done(err);
      fd = handle;
      length = 0;
      put(handle);
    });
  };
  const off = runner.onCommitted(() => writing || write());
  return () => {
    stopped = true;
    off();
    if (!writing) closeIfStopped();
  };
}

export interface CheckpointWaiter {
  wait(position: number, timeoutMs: number): Promise<boolean>;
  close(): void;
}

/**
 * In a process that does not run the projections: resolves once every named checkpoint in the read
 * store reaches `position`, checking when the signal file changes, and every `fallbackMs` in case a
 * wake-up was missed (a watch is best effort) or the projections run on another machine (MongoDB).
 */
export function checkpointWaiter(
  readStore: ReadStore,
  names: string[],
  file: string,
  fallbackMs = 500,
): CheckpointWaiter {
  const waiters = new Set<() => void>();
  /** Counts wake-ups, so that one arriving while the checkpoints are being read is not missed. */
  let changes = 0;
  const wakeAll = () => {
    changes += 1;
    for (const w of [...waiters]) w();
  };
  let watcher: FSWatcher | null = null;
  try {
    watcher = watch(dirname(file), (_event, name) => {
      if (name === basename(file)) wakeAll();
    });
    watcher.on('error', () => {
      watcher?.close();
      watcher = null;
    });
    watcher.unref();
  } catch {
    watcher = null;
  }
  const reached = async (position: number) =>
    Math.min(...(await Promise.all(names.map((n) => readStore.checkpoint(n))))) >= position;

  return {
    async wait(position, timeoutMs) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const seen = changes;
        if (await reached(position)) return true;
        const left = deadline - Date.now();
        if (left <= 0) return false;
        if (changes !== seen) continue;
        await new Promise<void>((resolve) => {
          const done = () => {
            clearTimeout(timer);
            waiters.delete(done);
            resolve();
          };
          const timer = setTimeout(done, Math.min(left, fallbackMs));
          waiters.add(done);
        });
      }
    },
    close() {
      watcher?.close();
      watcher = null;
      wakeAll();
    },
  };
}
