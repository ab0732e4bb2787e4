import { describe, expect, it } from 'vitest';
import { indexesServedByLonger } from '@panda/projections/testing/store-rules';
import { allProjections } from './projections';

describe('the read models declare no index that a longer one of the same collection serves', () => {
  it('indexesServedByLonger finds a leading prefix, not a field in another place nor a search index', () => {
    expect(
      indexesServedByLonger(['a', 'a+b', 'b', 'c+a', 'search:a', 'd+e', 'd+e+f', 'e']).map((x) => [
        x.index,
        x.servedBy,
      ]),
    ).toEqual([
      ['a', 'a+b'],
      ['d+e', 'd+e+f'],
    ]);
  });

  for (const p of allProjections)
    it(`${p.name}`, () => {
      for (const [collection, indexes] of Object.entries(p.collections))
        expect(indexesServedByLonger(indexes), collection).toEqual([]);
    });
});
