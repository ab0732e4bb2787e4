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
});
