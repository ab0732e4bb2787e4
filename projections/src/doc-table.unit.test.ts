import { describe, expect, it } from 'vitest';
import { DocTable, asJson, asJsonChanged, asJsonReplacing, docCopy, jsonCopy } from './doc-table';
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

describe('asJson', () => {
  it('keeps a document that is JSON data already, and copies one that a JSON round trip would change', () => {
    const clean = { id: 'a', n: 1.5, s: 'x', b: false, z: null, list: [1, 'two', { deep: [null] }], o: { p: {} } };
    expect(asJson(clean)).toBe(clean);
    const changed: Record<string, unknown>[] = [
      { id: 'a', gone: undefined },
      { id: 'a', n: NaN },
      { id: 'a', n: -0 },
      { id: 'a', at: new Date(0) },
      { id: 'a', list: [1, undefined] },
      { id: 'a', list: [1, , 3] }, // eslint-disable-line no-sparse-arrays -- a hole is what this checks
      { id: 'a', nested: { f: () => 1 } },
      { id: 'a', nested: { toJSON: () => 'x' } },
      { id: 'a', nested: new Map() },
    ];
    for (const doc of changed) {
      const out = asJson(doc as Doc);
      expect(out).not.toBe(doc);
      expect(JSON.stringify(out)).toBe(JSON.stringify(doc));
      expect(out).toEqual(JSON.parse(JSON.stringify(doc)));
    }
  });
});

describe('asJsonChanged', () => {
  it('keeps a document whose own fields are JSON data, and copies one whose own fields are not', () => {
    const doc = jsonCopy({ id: 'a', list: [{ n: 1 }], o: { p: 1 }, s: 'x' });
    (doc.list as unknown[]).push({ n: 2 });
    doc.s = 'y';
    expect(asJsonChanged(doc)).toBe(doc);
    for (const change of [undefined, NaN, new Date(0), new Map(), () => 1]) {
      const changed = { ...doc, s: change } as Doc;
      const out = asJsonChanged(changed);
      expect(out).not.toBe(changed);
      expect(out).toEqual(JSON.parse(JSON.stringify(changed)));
    }
  });
});

describe('asJsonReplacing', () => {
  it('takes a list the stored document held as JSON data without looking into it, and looks at every other field', () => {
    const stored = jsonCopy({ id: 'a', list: [{ n: 1 }], o: { p: 1 }, s: 'x' });
    const list = stored.list as Record<string, unknown>[];
    // Pushed in place, as a handler pushes event data: not looked at again (asJson would walk the whole list).
    list.push({ n: 2, later: undefined });
    const next = { ...stored, s: 'y', extra: { q: [1] } };
    expect(asJsonReplacing(next, stored)).toBe(next);
    expect(asJson(next)).not.toBe(next);
    for (const change of [{ f: () => 1 }, [undefined], new Date(0), NaN]) {
      const changed = { ...stored, extra: change } as Doc;
      const out = asJsonReplacing(changed, stored);
      expect(out).not.toBe(changed);
      expect(out).toEqual(JSON.parse(JSON.stringify(changed)));
    }
    // The same list object in another field is not the stored field's value: it is looked at.
    const moved = { id: 'a', other: list } as Doc;
    expect(asJsonReplacing(moved, stored)).not.toBe(moved);
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

  it('replace: keep() gets the document it replaces (none for a new one), and what it answers is stored as set stores it', () => {
    const table = t();
    expect(ids(table.find({ group: 'x' }))).toEqual(['a', 'c']);
    const seen: (Doc | undefined)[] = [];
    const keep = (doc: Doc, stored: Doc | undefined) => {
      seen.push(stored);
      return { ...doc, n: (stored?.n as number | undefined) ?? 0 };
    };
    table.replace({ id: 'b', group: 'x', n: 9 }, keep);
    table.replace({ id: 'e', group: 'x', n: 9 }, keep);
    expect(seen).toEqual([{ id: 'b', group: 'y', n: 2 }, undefined]);
    expect(table.get('b')).toEqual({ id: 'b', group: 'x', n: 2 });
    expect(ids(table.find({ group: 'x' }))).toEqual(['a', 'b', 'c', 'e']);
    expect(ids(table.find({ group: 'y' }))).toEqual([]);
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

  it('finds by several equalities at once (one index on those fields), kept up to date as documents change', () => {
    const table = new DocTable();
    const rows: Doc[] = [
      { id: 'a', s: 's1', kind: 'k', n: 1 },
      { id: 'b', s: 's1', kind: 'other', n: '1' },
      { id: 'c', s: 's2', kind: 'k', n: null },
      { id: 'd', s: 's1', kind: 'k', n: 'null' },
      { id: 'e', s: 's1', kind: 'k', flag: true },
      { id: 'f', s: 's1', kind: 'k', flag: 'true' },
    ];
    for (const r of rows) table.set(r);
    const filters = [
      { s: 's1', kind: 'k' },
      { kind: 'k', s: 's1' },
      { s: 's1', n: 1 },
      { s: 's1', n: '1' },
      { kind: 'k', n: null },
      { kind: 'k', n: 'null' },
      { s: 's1', flag: true },
      { s: 's1', flag: 'true' },
      { s: 's1', kind: 'k', n: { $ne: 1 } },
    ];
    const agree = () => {
      const docs = [...table.values()];
      for (const f of filters) expect(ids(table.find(f))).toEqual(ids(docs.filter((d) => matches(d, f))));
    };
    agree();
    expect(ids(table.find({ s: 's1', kind: 'k' }))).toEqual(['a', 'd', 'e', 'f']);
    table.set({ id: 'c', s: 's1', kind: 'k', n: 1 });
    table.set({ id: 'a', s: 's2', kind: 'k', n: 1 });
    table.delete('d');
    table.set({ id: 'd', s: 's1', kind: 'k', n: 'null' });
    agree();
    expect(ids(table.find({ s: 's1', kind: 'k' }))).toEqual(['c', 'e', 'f', 'd']);
  });

  it('moves a document changed in place and put again to the index buckets of its new values', () => {
    const table = t();
    expect(ids(table.find({ group: 'x' }))).toEqual(['a', 'c']);
    const a = table.get('a') as Doc;
    a.group = 'y';
    table.set(a);
    expect(ids(table.find({ group: 'x' }))).toEqual(['c']);
    expect(ids(table.find({ group: 'y' }))).toEqual(['a', 'b']);
    table.delete('a');
    expect(ids(table.find({ group: 'y' }))).toEqual(['b']);
    expect(ids(table.find({ group: 'x' }))).toEqual(['c']);
  });
});
