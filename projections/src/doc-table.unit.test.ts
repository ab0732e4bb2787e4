import { describe, expect, it } from 'vitest';
import { DocTable, docCopy, jsonCopy } from './doc-table';
import { matches, type Doc } from './read-store';

describe('jsonCopy', () => {
  it('gives what a JSON round trip gives, key order included', () => {
    const doc = {
      id: 'a',
      gone: undefined,
      n: NaN,
      inf: -Infinity,
      zero: -0,
      at: new Date(Date.UTC(2026, 0, 2)),
      list: [1, undefined, () => 1, { x: undefined, y: [null] }],
      nested: { b: 1, a: { deep: 'x' }, f: () => 2 },
      ['__proto__']: 'own',
    } as unknown as Doc;
    Object.defineProperty(doc, '__proto__', { value: { own: true }, enumerable: true });
    const copy = jsonCopy(doc);
    expect(JSON.stringify(copy)).toBe(JSON.stringify(doc));
    expect(copy).toEqual(JSON.parse(JSON.stringify(doc)));
    expect(Object.keys(copy)).toEqual(Object.keys(JSON.parse(JSON.stringify(doc))));
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
  });

  it('copies deeply: changing the copy leaves the original as it was', () => {
    const doc = jsonCopy({ id: 'a', list: [{ n: 1 }], o: { p: { q: 1 } } });
    const copy = docCopy(doc);
    (copy.list as { n: number }[])[0].n = 2;
    (copy.o as { p: { q: number } }).p.q = 2;
    expect(doc).toEqual({ id: 'a', list: [{ n: 1 }], o: { p: { q: 1 } } });
  });
});

describe('DocTable', () => {
  const t = () => {
    const table = new DocTable();
    for (const [id, group, n] of [
      ['a', 'x', 1],
      ['b', 'y', 2],
      ['c', 'x', 3],
      ['d', null, 4],
    ] as const)
      table.set({ id, group, n });
    return table;
  };
  const ids = (docs: Doc[]) => docs.map((d) => d.id);

  it('finds by equality in insertion order, as the stores do, with any other condition', () => {
    const table = t();
    expect(ids(table.find({ group: 'x' }))).toEqual(['a', 'c']);
    expect(ids(table.find({ group: null }))).toEqual(['d']);
    expect(ids(table.find({ group: 'x', n: { $gt: 1 } }))).toEqual(['c']);
    expect(ids(table.find({ n: { $lt: 3 } }))).toEqual(['a', 'b']);
    expect(ids(table.find({ id: 'b' }))).toEqual(['b']);
    expect(ids(table.find({}))).toEqual(['a', 'b', 'c', 'd']);
  });

  it('keeps a document in its place when put again, and moves it to the end when deleted and put again', () => {
    const table = t();
    expect(ids(table.find({ group: 'x' }))).toEqual(['a', 'c']); // the index on group exists from here
    table.set({ id: 'b', group: 'x', n: 2 }); // moved into group x, but created before c
    expect(ids(table.find({ group: 'x' }))).toEqual(['a', 'b', 'c']);
    expect(ids(table.find({ group: 'y' }))).toEqual([]);
    table.delete('a');
    table.set({ id: 'a', group: 'x', n: 1 });
    expect(ids(table.find({ group: 'x' }))).toEqual(['b', 'c', 'a']);
    expect(ids(table.find({}))).toEqual(['b', 'c', 'd', 'a']);
  });

  it('agrees with matches() for every filter over the same documents', () => {
    const table = t();
    const docs = [...table.values()];
    const filters = [
      { group: 'x' },
      { group: null },
      { group: 'z' },
      { n: 2, group: 'y' },
      { missing: null },
      { n: '1' },
    ];
    for (const f of filters) expect(ids(table.find(f))).toEqual(ids(docs.filter((d) => matches(d, f))));
  });
});
