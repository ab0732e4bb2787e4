import { afterEach, describe, expect, it } from 'vitest';
import { SqliteEventStore } from './sqlite-event-store';
import { inclusionProof, leafHash, rootAt, subtreesOf } from './merkle';

const stores: SqliteEventStore[] = [];
afterEach(async () => {
  for (const s of stores.splice(0)) await s.close();
});

describe('the log tree kept beside the events (docs/rules.md#log-tree)', () => {
  it('has the roots and proofs of a tree built from all the leaves, however it was extended', async () => {
    const store = new SqliteEventStore(':memory:');
    stores.push(store);
    // More than two chunks of leaves (a chunk is 2,000), appended in batches of 100.
    const n = 4_203;
    for (let i = 0; i < n; i += 100)
      await store.append(
        `s${i}`,
        Array.from({ length: Math.min(100, n - i) }, (_, k) => ({ type: 'Happened', data: { n: i + k } })),
        'any',
        { time: '2026-03-01T10:00:00.000Z', actorId: null, correlationId: `c${i}`, commandId: `k${i}` },
      );
    const leaves: Buffer[] = [];
    for (let after = 0; ;) {
      const page = await store.readAll(after, 1000);
      if (!page.length) break;
      for (const e of page) leaves.push(leafHash(Buffer.from(e.chain!.contentHash, 'hex')));
      after = page[page.length - 1].position;
    }
    const whole = subtreesOf(leaves);
    // Extended in steps that start and end at odd and even sizes, inside a chunk and across chunks.
    for (const size of [1, 2, 3, 7, 8, 1999, 2001, 2002, 4003, n]) {
      expect(await store.tree.extend(size)).toBe(size);
      expect(store.tree.root(size).equals(rootAt(whole, size))).toBe(true);
      for (const index of [0, Math.floor(size / 3), size - 1])
        expect(store.tree.inclusion(index, size)).toEqual(inclusionProof(whole, index, size));
    }
    for (let size = 1; size <= n; size += 97) expect(store.tree.root(size).equals(rootAt(whole, size))).toBe(true);
  });

  it('answers proofs from the nodes it keeps in memory, and keeps what the tree grows by', async () => {
    const store = new SqliteEventStore(':memory:');
    stores.push(store);
    const meta = (i: number) => ({
      time: '2026-03-01T10:00:00.000Z',
      actorId: null,
      correlationId: `c${i}`,
      commandId: `k${i}`,
    });
    const append = (from: number, n: number) =>
      store.append(
        `s${from}`,
        Array.from({ length: n }, (_, k) => ({ type: 'Happened', data: { n: from + k } })),
        'any',
        meta(from),
      );
    await append(0, 300);
    await store.tree.extend();
    await store.tree.keepInBackground();
    // Its nodes above the leaves now come from memory: a table emptied under it changes no proof but
    // the leaf's own (read beside the event), and the tree it had kept still answers.
    const leaves: Buffer[] = [];
    for (const e of await store.readAll(0, 1000)) leaves.push(leafHash(Buffer.from(e.chain!.contentHash, 'hex')));
    const before = subtreesOf(leaves);
    const db = (store as unknown as { db: import('better-sqlite3').Database }).db;
    db.exec('DELETE FROM log_tree WHERE level > 0');
    for (const index of [0, 1, 150, 299])
      expect(store.tree.inclusion(index, 300)).toEqual(inclusionProof(before, index, 300));
    expect(store.tree.root(300).equals(rootAt(before, 300))).toBe(true);
    // A tree grown by 211 leaves past what it kept: the new nodes are read from the table, then kept as well.
    const fresh = new SqliteEventStore(':memory:');
    stores.push(fresh);
    for (let i = 0; i < 511; i += 100)
      await fresh.append(
        `s${i}`,
        Array.from({ length: Math.min(100, 511 - i) }, (_, k) => ({ type: 'Happened', data: { n: i + k } })),
        'any',
        meta(i),
      );
    const all: Buffer[] = [];
    for (const e of await fresh.readAll(0, 1000)) all.push(leafHash(Buffer.from(e.chain!.contentHash, 'hex')));
    const whole = subtreesOf(all);
    await fresh.tree.extend(300);
    // Nothing is kept before it is asked for: the table's nodes are all there is.
    expect(fresh.tree.inclusion(0, 300)).toEqual(inclusionProof(whole, 0, 300));
    expect((fresh.tree as unknown as { keeping: unknown }).keeping).toBeNull();
    await fresh.tree.keepInBackground();
    await fresh.tree.extend(511);
    for (const size of [300, 301, 384, 511])
      for (const index of [0, 255, size - 1])
        expect(fresh.tree.inclusion(index, size)).toEqual(inclusionProof(whole, index, size));
    await fresh.tree.keepInBackground();
    const fdb = (fresh as unknown as { db: import('better-sqlite3').Database }).db;
    fdb.exec('DELETE FROM log_tree WHERE level > 0');
    for (const index of [0, 300, 510])
      expect(fresh.tree.inclusion(index, 511)).toEqual(inclusionProof(whole, index, 511));
  });
});
