import { mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { eventStoreContract } from './event-store.contract';
import { SqliteEventStore, WAL_CHECKPOINT_PAGES } from './sqlite-event-store';

const tempFile = () => join(mkdtempSync(join(tmpdir(), 'panda-es-')), 'events.db');

eventStoreContract('SQLite (embedded)', async () => new SqliteEventStore(tempFile(), { pollMs: 20 }));

describe('SqliteEventStore specifics', () => {
  it('keeps events across reopening the file', async () => {
    const file = tempFile();
    const a = new SqliteEventStore(file);
    await a.append('s', [{ type: 'A', data: { x: 1 } }], 'no_stream', {
      time: 't',
      actorId: null,
      correlationId: 'c',
      commandId: 'k',
    });
    await a.close();
    const b = new SqliteEventStore(file);
    expect((await b.readStream('s'))[0].data).toEqual({ x: 1 });
    await b.close();
  });

  it('leaves the hashes out of a read of the log that does not want them (a projection or a rebuild)', async () => {
    const store = new SqliteEventStore(tempFile());
    const meta = { time: 't', actorId: null, correlationId: 'c', commandId: 'k' };
    await store.append('s', [{ type: 'A', data: { x: 1 } }], 'no_stream', meta);
    const [chained] = await store.readAll(0, 10);
    const [unchained] = await store.readAll(0, 10, { chain: false });
    expect(chained.chain?.hash).toMatch(/^[0-9a-f]{64}$/);
    expect('chain' in unchained).toBe(false);
    expect(unchained).toEqual({ ...chained, chain: undefined });
    await store.close();
  });

  it('copies its write-ahead log into the file once the log holds WAL_CHECKPOINT_PAGES pages, not before', async () => {
    const file = tempFile();
    const store = new SqliteEventStore(file);
    const frame = 4096 + 24;
    const walFrames = () => Math.max(0, (statSync(`${file}-wal`).size - 32) / frame);
    const fileBytes = () => statSync(file).size;
    const text = 'x'.repeat(6000);
    let n = 0;
    // 40 appends of two pages or more each, committed together.
    const turn = () =>
      Promise.all(
        Array.from({ length: 40 }, () => {
          n += 1;
          return store.append(`s${n}`, [{ type: 'A', data: { text } }], 'no_stream', {
            time: 't',
            actorId: null,
            correlationId: 'c',
            commandId: `k${n}`,
          });
        }),
      );
    const before = fileBytes();
    for (let turns = 0; walFrames() < WAL_CHECKPOINT_PAGES / 2; turns++) {
      await turn();
      // SQLite's default (1,000 pages) copies them before the log gets there.
      expect(fileBytes()).toBe(before);
      expect(turns).toBeLessThan(500);
    }
    for (let turns = 0; fileBytes() === before; turns++) {
      expect(turns).toBeLessThan(500);
      await turn();
      // The log is copied and then written again from its start: it never grows much past the mark.
      expect(walFrames()).toBeLessThan(WAL_CHECKPOINT_PAGES + 500);
    }
    expect(walFrames()).toBeGreaterThanOrEqual(WAL_CHECKPOINT_PAGES);
    for (let turns = 0; turns < 10; turns++) await turn();
    expect(walFrames()).toBeLessThan(WAL_CHECKPOINT_PAGES + 500);
    expect(await store.readAll(0, 100_000)).toHaveLength(n);
    expect((await store.verifyChain()).ok).toBe(true);
    await store.close();
  });

  it('sees appends made through another connection to the same file', async () => {
    const file = tempFile();
    const writer = new SqliteEventStore(file);
    const reader = new SqliteEventStore(file, { pollMs: 10 });
    const waiting = reader.waitForAppend(0, 10_000);
    await writer.append('s', [{ type: 'A', data: {} }], 'any', {
      time: 't',
      actorId: null,
      correlationId: 'c',
      commandId: 'k',
    });
    expect(await waiting).toBe(true);
    await writer.close();
    await reader.close();
  });

  it('commits concurrent appends to different streams in one transaction, each checked on its own', async () => {
    const store = new SqliteEventStore(tempFile());
    const meta = (k: string) => ({ time: 't', actorId: null, correlationId: 'c', commandId: k });
    await store.append('s0', [{ type: 'A', data: {} }], 'no_stream', meta('first'));
    expect(store.commits).toBe(1);
    const results = await Promise.allSettled([
      ...Array.from({ length: 16 }, (_, i) =>
        store.append(`g${i}`, [{ type: 'A', data: { i } }], 'no_stream', meta(`g${i}`)),
      ),
      store.append('s0', [{ type: 'B', data: {} }], 'no_stream', meta('stale')),
      store.append('s0', [{ type: 'A', data: {} }], 'no_stream', meta('first')),
    ]);
    expect(store.commits).toBe(2);
    expect(results.map((r) => r.status)).toEqual([...Array(16).fill('fulfilled'), 'rejected', 'fulfilled']);
    expect(results[17]).toMatchObject({ value: { duplicate: true } });
    expect(await store.headPosition()).toBe(17);
    expect((await store.verifyChain()).ok).toBe(true);
    await store.close();
  });

  it('answers each append of a batch with its events as a read gives them back, the chain unbroken', async () => {
    const file = tempFile();
    const store = new SqliteEventStore(file);
    const meta = (k: string) => ({
      time: '2026-03-01T10:00:00.000Z',
      actorId: 'u1',
      correlationId: `c-${k}`,
      commandId: k,
    });
    await store.append('s', [{ type: 'A', data: { x: 1 } }], 'no_stream', meta('a'));
    // One batch: two appends, one refused (s is at version 2 by then), one after it, one retried.
    const results = await Promise.allSettled([
      store.append(
        's',
        [
          { type: 'A', data: { x: 2, dropped: undefined } },
          { type: 'B', data: { y: [1] } },
        ],
        0,
        meta('b'),
      ),
      store.append('t', [{ type: 'A', data: {} }], 'no_stream', meta('c')),
      store.append('s', [{ type: 'A', data: {} }], 0, meta('stale')),
      store.append('u', [{ type: 'C', data: { z: 'é' } }], 'no_stream', meta('d')),
      store.append('s', [{ type: 'A', data: { x: 1 } }], 'no_stream', meta('a')),
    ]);
    expect(store.commits).toBe(2);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled', 'fulfilled']);
    const [b, c, , d, again] = results.map((r) => (r.status === 'fulfilled' ? r.value : null));
    expect(b?.recorded).toEqual(await store.readStream('s', { fromRevision: 1 }));
    expect(b?.recorded?.[0].data).toEqual({ x: 2 });
    expect(c?.recorded).toEqual(await store.readStream('t'));
    expect(d?.recorded).toEqual(await store.readStream('u'));
    expect(d?.recorded?.[0]).toMatchObject({ position: d?.position, streamVersion: 0, commandId: 'd', actorId: 'u1' });
    // A duplicate wrote nothing: it has nothing recorded to answer.
    expect(again).toMatchObject({ duplicate: true, position: 1 });
    expect(again?.recorded).toBeUndefined();
    // Another connection moves the head between two batches: the next batch chains onto its event.
    const other = new SqliteEventStore(file);
    await other.append('v', [{ type: 'A', data: {} }], 'no_stream', meta('e'));
    await store.append('w', [{ type: 'A', data: {} }], 'no_stream', meta('f'));
    expect((await store.verifyChain()).ok).toBe(true);
    await other.close();
    await store.close();
  });
});
