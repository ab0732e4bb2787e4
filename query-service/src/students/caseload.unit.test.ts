import { describe, expect, it } from 'vitest';
import { compareBy, firstInOrder } from './caseload';

type Row = { id: string; v: string | null };

/** Rows with values drawn from a few (ties, nulls), in a shuffled order fixed by `seed`. */
function rows(count: number, seed: number): Row[] {
  let x = seed;
  const next = () => (x = (x * 1_103_515_245 + 12_345) % 2_147_483_648);
  const values: Row['v'][] = [null, 'a', 'b', 'c'];
  return Array.from({ length: count }, (_, i) => ({ id: `s${next() % 10_000}-${i}`, v: values[next() % 4] }));
}

describe('firstInOrder (a caseload page without sorting the whole list)', () => {
  it('gives the first n rows of the full sort, in its order, either direction, and leaves the list alone', () => {
    for (const [count, n, seed] of [
      [0, 20, 1],
      [5, 20, 2],
      [20, 20, 3],
      [1000, 20, 4],
      [1000, 1, 5],
      [300, 100, 6],
    ] as const) {
      const list = rows(count, seed);
      const before = [...list];
      for (const dir of [1, -1] as const) {
        const compare = compareBy<Row>('v', dir);
        expect(firstInOrder(list, n, compare)).toEqual([...list].sort(compare).slice(0, n));
      }
      expect(list).toEqual(before);
    }
  });

  it('gives nothing for a page of none', () => {
    expect(firstInOrder(rows(10, 7), 0, compareBy<Row>('v', 1))).toEqual([]);
  });
});
