import { mkdtempSync, readFileSync, watch } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SqliteEventStore } from '@panda/events/sqlite-event-store';
import { SqliteReadStore } from '@panda/projections/sqlite-read-store';
import type { ProjectionRunner } from '@panda/projections/runner';
import { ProjectionRunner as Runner } from '@panda/projections/runner';
import type { CommittedBatch, Projection } from '@panda/projections/projection';
import { checkpointWaiter, positionSignalFile, publishPositions } from './position-signal';

const cleanup: (() => unknown)[] = [];
afterEach(async () => {
  while (cleanup.length) await cleanup.pop()!();
});

const locks: Projection = {
  name: 'locks',
  collections: { locks: [] },
  handles: ['AccountLocked'],
  apply: (e, ctx) => ctx.put('locks', { id: (e.data as { accountId: string }).accountId }),
};

let n = 0;
const lock = (store: SqliteEventStore) =>
  store.append(`account-a${++n}`, [{ type: 'AccountLocked', data: { accountId: `a${n}`, reason: null } }], 'any', {
    time: new Date().toISOString(),
    actorId: null,
    correlationId: 'c',
    commandId: `cmd-${n}`,
  });

/** A projections "process" (runner + publisher) and a reader with its own connection to the same files. */
function split() {
  const dir = mkdtempSync(join(tmpdir(), 'panda-signal-'));
  const store = new SqliteEventStore(join(dir, 'events.db'));
  const readStore = new SqliteReadStore(join(dir, 'read-models.db'));
  const runner = new Runner(store, readStore, [locks]);
  const readerStore = new SqliteReadStore(join(dir, 'read-models.db'));
  cleanup.push(
    () => store.close(),
    () => readStore.close(),
    () => readerStore.close(),
    () => runner.stop(),
  );
  return { dir, store, runner, readerStore };
}

describe('read-your-writes across processes (position signal file)', () => {
  it('wakes a waiter in another process when the projections commit, with no polling to rely on', async () => {
    const { dir, store, runner, readerStore } = split();
    await runner.start();
    cleanup.push(publishPositions(runner, positionSignalFile(dir), (err) => expect.fail(String(err))));
    // A fallback far longer than the wait: only the signal can answer in time.
    const waiter = checkpointWaiter(readerStore, ['locks'], positionSignalFile(dir), 600_000);
    cleanup.push(() => waiter.close());
    for (let i = 0; i < 3; i++) {
      const { position } = await lock(store);
      expect(await waiter.wait(position, 30_000)).toBe(true);
      expect(await readerStore.get('locks', `a${n}`)).toEqual({ id: `a${n}` });
    }
  });

  it('the file holds the position the projections reached, also when it goes back to a shorter one', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'panda-signal-'));
    const file = positionSignalFile(dir);
    let position = 0;
    const listeners = new Set<(batch: CommittedBatch) => void>();
    const runner = {
      position: () => position,
      onCommitted: (listener: (batch: CommittedBatch) => void) => (
        listeners.add(listener),
        () => listeners.delete(listener)
      ),
    } as unknown as ProjectionRunner;
    const commit = (to: number) => {
      position = to;
      for (const l of listeners) l({ projection: 'locks', position: to, changes: [] });
    };
    const read = () => {
      try {
        return readFileSync(file, 'utf8');
      } catch {
        return null;
      }
    };
    /** Resolves once the file holds `text` (woken by the folder's changes). */
    const holds = (text: string) =>
      new Promise<void>((resolve) => {
        const check = () => {
          if (read() !== text) return;
          watcher.close();
          resolve();
        };
        const watcher = watch(dir, check);
        check();
      });
    const stop = publishPositions(runner, file, (err) => expect.fail(String(err)));
    cleanup.push(stop);
    commit(1234);
    await holds('1234');
    commit(1250);
    await holds('1250');
    // A rebuild starts the checkpoints again: the shorter text leaves nothing of the longer one.
    commit(7);
    await holds('7');
    expect(read()).toBe('7');
  }, 10_000);

  it('answers false once the bounded wait is over when the read models never get there', async () => {
    const { dir, store, readerStore } = split();
    const { position } = await lock(store);
    const waiter = checkpointWaiter(readerStore, ['locks'], positionSignalFile(dir), 10);
    cleanup.push(() => waiter.close());
    expect(await waiter.wait(position, 100)).toBe(false);
  });
});
