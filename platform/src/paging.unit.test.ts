import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SqliteReadStore } from '@panda/projections/sqlite-read-store';
import { matches, type Doc, type Filter, type FindOptions } from '@panda/projections/read-store';
import { compareBy } from '@panda/projections/testing/store-rules';
import { nextLink, pageInfo } from '@panda/contracts/paging';
import { HttpError } from './errors';
import {
  decodeCursor,
  encodeCursor,
  findPage,
  parsePaging,
  type ListSpec,
  type PageSource,
  type Paging,
} from './paging';

const SPEC: ListSpec = {
  sorts: { created: 'Created_At', name: 'Name', score: 'score', group: ['group', 'score', 'Name'] },
  defaultSort: '-created',
  search: ['Name', 'Email'],
};

/** The in-memory meaning of the store contract (matches + compareBy), the reference for the SQLite store. */
class MemorySource implements PageSource {
  constructor(readonly docs: Doc[]) {}
  async find(_c: string, filter: Filter = {}, options: FindOptions = {}) {
    const sort = options.sort ?? {};
    const keys = Object.entries(sort);
    const last = keys.length ? keys[keys.length - 1][1] : 1;
    const list = this.docs
      .filter((d) => matches(d, filter))
      .sort((a, b) => compareBy(sort)(a, b) || (a.id < b.id ? -last : a.id > b.id ? last : 0));
    return list.slice(0, options.limit ?? list.length);
  }
  async count(_c: string, filter: Filter = {}) {
    return this.docs.filter((d) => matches(d, filter)).length;
  }
}

const person = (i: number, extra: Partial<Doc> = {}): Doc => ({
  id: `p${String(i).padStart(3, '0')}`,
  Name: `Person ${i % 7}`,
  Email: `person${i}@example.org`,
  // Many ties on purpose: keyset paging must break them by id.
  Created_At: `2026-01-0${1 + (i % 5)}T00:00:00.000Z`,
  score: i % 3 === 0 ? null : i % 4,
  ...extra,
});

const bad = (fn: () => unknown) => {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(HttpError);
    const err = e as HttpError;
    expect(err.status).toBe(400);
    return JSON.stringify(err.detail);
  }
  throw new Error('expected a 400');
};

async function walk(
  source: PageSource,
  filter: Filter,
  query: Record<string, string>,
  between?: (page: number) => Promise<void>,
) {
  const seen: string[] = [];
  const totals: number[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < 100; page++) {
    const p: Paging = parsePaging({ ...query, ...(cursor ? { cursor } : {}) }, SPEC);
    const result = await findPage<Doc>(source, 'people', filter, p);
    seen.push(...result.items.map((d) => d.id));
    totals.push(result.total);
    if (!result.next) return { seen, totals, pages: page + 1 };
    cursor = result.next;
    await between?.(page);
  }
  throw new Error('never reached the last page');
}

describe('paging', () => {
  describe.each([
    ['in memory', async (docs: Doc[]) => new MemorySource(docs)],
    [
      'SQLite read store',
      async (docs: Doc[]) => {
        const rs = new SqliteReadStore(join(mkdtempSync(join(tmpdir(), 'panda-paging-')), 'read.db'));
        await rs.ensureIndexes('people', ['group+Created_At', 'group+Name', 'group+score']);
        await rs.commit(
          'p',
          0,
          1,
          docs.map((doc) => ({ op: 'put' as const, collection: 'people', doc })),
        );
        return rs;
      },
    ],
  ])('on %s', (_name, make) => {
    let closers: (() => Promise<void>)[] = [];
    beforeEach(() => {
      closers = [];
    });
    afterEach(async () => {
      for (const c of closers) await c();
    });
    const open = async (docs: Doc[]) => {
      const s = await make(docs);
      if ('close' in s) closers.push(() => s.close());
      return s;
    };

    const docs = Array.from({ length: 123 }, (_, i) => person(i, { group: i % 2 === 0 ? 'even' : 'odd' }));

    it.each(['-created', 'created', 'name', '-name', 'score', '-score', 'group', '-group'])(
      'walks every item exactly once, in order, sorted by %s',
      async (sort) => {
        const source = await open(docs);
        const { seen, totals, pages } = await walk(source, {}, { sort, limit: '10' });
        expect(pages).toBe(13);
        expect(new Set(seen).size).toBe(123);
        expect(totals.every((t) => t === 123)).toBe(true);
        const named = SPEC.sorts[sort.replace('-', '')];
        const dir = sort.startsWith('-') ? -1 : 1;
        const order = Object.fromEntries((typeof named === 'string' ? [named] : named).map((f) => [f, dir] as const));
        const expected = [...docs]
          .sort((a, b) => compareBy(order)(a, b) || (a.id < b.id ? -dir : dir))
          .map((d) => d.id);
        expect(seen).toEqual(expected);
      },
    );

    it('answers the default of 50, a last page without a next cursor, and an empty list', async () => {
      const source = await open(docs);
      const first = await findPage<Doc>(source, 'people', {}, parsePaging({}, SPEC));
      expect(first.items).toHaveLength(50);
      expect(first.total).toBe(123);
      const { pages, seen } = await walk(source, {}, {});
      expect(pages).toBe(3);
      expect(seen).toHaveLength(123);
      const exact = await findPage<Doc>(source, 'people', { group: 'odd' }, parsePaging({ limit: '61' }, SPEC));
      expect(exact.items).toHaveLength(61);
      expect(exact.total).toBe(61);
      expect(exact.next).toBeNull();
      const none = await findPage<Doc>(source, 'people', { group: 'nobody' }, parsePaging({}, SPEC));
      expect(none).toEqual({ items: [], total: 0, next: null });
    });

    it('searches name or e-mail, case-insensitively, within the filter, and totals the matches', async () => {
      const source = await open([
        ...docs,
        person(900, { Name: 'Zoë McTest', Email: 'ZED@Mail.example', group: 'odd' }),
      ]);
      const byName = await walk(source, { group: 'odd' }, { q: 'mctest', limit: '5' });
      expect(byName.seen).toEqual(['p900']);
      const byEmail = await findPage<Doc>(source, 'people', {}, parsePaging({ q: 'zed@mail' }, SPEC));
      expect(byEmail.items.map((d) => d.id)).toEqual(['p900']);
      const some = await walk(source, { group: 'even' }, { q: 'PERSON 3', limit: '4' });
      const expected = docs.filter((d) => d.group === 'even' && d.Name === 'Person 3').map((d) => d.id);
      expect([...some.seen].sort()).toEqual(expected.sort());
      expect(some.totals[0]).toBe(expected.length);
    });

    it('keeps its place when items are inserted and deleted between pages (keyset, not offset)', async () => {
      const source = await open([...docs]);
      const added: string[] = [];
      const { seen } = await walk(source, {}, { sort: '-created', limit: '10' }, async (page) => {
        // Before the walk's position (newest first: a newer item) and after it (an older one); one earlier item goes.
        const newer = person(500 + page, { Created_At: '2027-01-01T00:00:00.000Z' });
        const older = person(799 - page, { Created_At: '2025-01-01T00:00:00.000Z' });
        added.push(older.id);
        // And one original item not reached yet goes (p122 is among the oldest).
        if (source instanceof MemorySource) {
          source.docs.push(newer, older);
          if (page === 0)
            source.docs.splice(
              source.docs.findIndex((d) => d.id === 'p122'),
              1,
            );
        } else {
          const ops = [newer, older].map((doc) => ({ op: 'put' as const, collection: 'people', doc }));
          await (source as SqliteReadStore).commit(
            'p',
            page + 1,
            page + 2,
            page === 0 ? [...ops, { op: 'delete', collection: 'people', id: 'p122' }] : ops,
          );
        }
      });
      // Every original item exactly once, none of the newer ones (they sort before the cursor), every older one
      // (ids falling, so each sorts after the one before it, newest first).
      expect(seen.filter((id) => docs.some((d) => d.id === id))).toHaveLength(122);
      expect(seen).not.toContain('p122');
      expect(new Set(seen).size).toBe(seen.length);
      expect(seen.some((id) => /^p5\d\d$/.test(id))).toBe(false);
      expect(added.filter((id) => !seen.includes(id))).toEqual([]);
    });
  });

  it('refuses a bad limit, cursor, sort or search with a clear 400', () => {
    expect(bad(() => parsePaging({ limit: '0' }, SPEC))).toContain(
      'limit must be a whole number of at least 1 (at most 200 are answered)',
    );
    // Above the most: the most, not a refusal.
    expect(parsePaging({ limit: '201' }, SPEC).limit).toBe(200);
    expect(parsePaging({ limit: '5000' }, SPEC).limit).toBe(200);
    expect(bad(() => parsePaging({ limit: '2.5' }, SPEC))).toContain('"field":"limit"');
    expect(bad(() => parsePaging({ limit: 'ten' }, SPEC))).toContain('"field":"limit"');
    expect(bad(() => parsePaging({ limit: ['1', '2'] }, SPEC))).toContain('"field":"limit"');
    expect(bad(() => parsePaging({ cursor: 'not a cursor!' }, SPEC))).toContain(
      'cursor must be a value from a Link header',
    );
    expect(bad(() => parsePaging({ cursor: Buffer.from('{"a":1}').toString('base64url') }, SPEC))).toContain(
      'cursor must be a value from a Link header',
    );
    expect(bad(() => parsePaging({ cursor: Buffer.from('[1,2').toString('base64url') }, SPEC))).toContain(
      'cursor must be a value from a Link header',
    );
    expect(bad(() => parsePaging({ cursor: encodeCursor('name', 'x', 'p1') }, SPEC))).toContain(
      'cursor belongs to another sort',
    );
    expect(bad(() => parsePaging({ sort: 'password' }, SPEC))).toContain(
      'sort must be one of created, -created, name, -name, score, -score, group, -group',
    );
    expect(bad(() => parsePaging({ sort: 'constructor' }, SPEC))).toContain('"field":"sort"');
    expect(bad(() => parsePaging({ q: 'x'.repeat(101) }, SPEC))).toContain('q must be at most 100 characters');
    expect(bad(() => parsePaging({ q: 'x' }, { sorts: { id: 'id' }, defaultSort: 'id' }))).toContain(
      'This list has no search',
    );
    expect(parsePaging({ q: '   ', limit: '200' }, SPEC)).toMatchObject({
      q: null,
      limit: 200,
      sort: '-created',
      field: 'Created_At',
      dir: -1,
      after: null,
    });
  });

  it('reads a page after a cursor as plain ranges an index serves, never one filter of $or branches', async () => {
    // An $or over (beyond the value | tie and beyond the id | null) makes a store read and sort every match.
    const filters: Filter[] = [];
    const docs = Array.from({ length: 40 }, (_, i) => person(i, { group: i % 2 === 0 ? 'even' : 'odd' }));
    const source = new (class extends MemorySource {
      override async find(c: string, filter: Filter = {}, options: FindOptions = {}) {
        filters.push(filter);
        return super.find(c, filter, options);
      }
    })(docs);
    const hasOr = (v: unknown): boolean =>
      typeof v === 'object' && v !== null && Object.entries(v).some(([k, x]) => k === '$or' || hasOr(x));
    for (const sort of ['-created', 'created', 'score', '-score', 'group', '-group']) {
      filters.length = 0;
      const { seen } = await walk(source, { group: 'odd' }, { sort, limit: '3' });
      expect(seen).toHaveLength(20);
      expect(filters.length).toBeGreaterThan(7);
      expect(filters.filter(hasOr)).toEqual([]);
    }
  });

  it('takes a first page with room to spare as its own count on a store that reads inline, and counts otherwise', async () => {
    const docs = Array.from({ length: 40 }, (_, i) => person(i, { group: i % 2 === 0 ? 'even' : 'odd' }));
    const counted: Filter[] = [];
    class Counting extends MemorySource {
      override async count(c: string, filter: Filter = {}) {
        counted.push(filter);
        return super.count(c, filter);
      }
    }
    const inline = new (class extends Counting {
      readonly readsInline = true;
    })(docs);
    const beside = new Counting(docs);
    const cases: [Filter, Record<string, string>, counts: number][] = [
      [{ group: 'odd' }, { limit: '20' }, 0], // exactly a page: every match on it
      [{ group: 'odd' }, { limit: '19' }, 1], // one more than a page
      [{}, { q: 'person 3', limit: '10' }, 0],
      [{}, { q: 'person 3', limit: '5' }, 1],
      [{}, { q: 'nobody' }, 0],
      [{}, { limit: '50' }, 0],
    ];
    for (const [filter, query, counts] of cases) {
      counted.length = 0;
      const p = parsePaging(query, SPEC);
      const first = await findPage<Doc>(inline, 'people', filter, p);
      expect(counted, JSON.stringify(query)).toHaveLength(counts);
      counted.length = 0;
      expect(first).toEqual(await findPage<Doc>(beside, 'people', filter, p));
      expect(counted).toHaveLength(1);
      // A page after a cursor cannot know the matches before it: it counts, and its total is the first's.
      if (first.next) {
        counted.length = 0;
        const next = parsePaging({ ...query, cursor: first.next }, SPEC);
        const second = await findPage<Doc>(inline, 'people', filter, next);
        expect(counted).toHaveLength(1);
        expect(second.total).toBe(first.total);
        expect(second).toEqual(await findPage<Doc>(beside, 'people', filter, next));
      }
    }
    // A last page after a cursor with room to spare still counts every match, not its own.
    const tail = await walk(inline, { group: 'odd' }, { limit: '7' });
    expect(tail.seen).toHaveLength(20);
    expect(new Set(tail.totals)).toEqual(new Set([20]));
  });

  it('round-trips cursors, and reads X-Total-Count and the Link header', () => {
    const c = encodeCursor('-created', '2026-01-01', 'p001');
    expect(decodeCursor(c, '-created')).toEqual({ value: '2026-01-01', id: 'p001' });
    expect(decodeCursor(encodeCursor('score', null, 'x'), 'score')).toEqual({ value: null, id: 'x' });
    expect(
      parsePaging({ sort: '-group', cursor: encodeCursor('-group', ['odd', null, 'Person 1'], 'p9') }, SPEC),
    ).toMatchObject({
      fields: ['group', 'score', 'Name'],
      after: { value: 'odd', id: 'p9' },
      afterRest: [null, 'Person 1'],
    });
    expect(bad(() => parsePaging({ sort: 'group', cursor: encodeCursor('group', 'odd', 'p9') }, SPEC))).toContain(
      'cursor must be a value from a Link header',
    );
    expect(nextLink('</api/x?cursor=a>; rel="prev", </api/x?limit=5&cursor=b>; rel="next"')).toBe(
      '/api/x?limit=5&cursor=b',
    );
    expect(nextLink('</a>; rel="last"')).toBeNull();
    const headers = new Headers({ 'X-Total-Count': '7', Link: `</api/x?q=a%20b&cursor=${c}>; rel="next"` });
    expect(pageInfo(headers)).toEqual({ total: 7, next: c });
    expect(pageInfo(new Headers())).toEqual({ total: 0, next: null });
  });
});
