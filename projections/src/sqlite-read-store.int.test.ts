import Database from 'better-sqlite3';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SqliteEventStore } from '@panda/events/sqlite-event-store';
import type { Projection } from './projection';
import { readStoreContract } from './read-store.contract';
import {
  CheckpointConflictError,
  compareBy,
  matches,
  ROW_COUNT,
  searchIndex,
  type Doc,
  type Filter,
} from './read-store';
import { ProjectionRunner } from './runner';
import { SqliteReadStore } from './sqlite-read-store';

readStoreContract(
  'SQLite (embedded)',
  async () => new SqliteReadStore(join(mkdtempSync(join(tmpdir(), 'panda-rs-')), 'read.db')),
);

describe('SQLite read store indexes', () => {
  const indexNames = (file: string) => {
    const db = new Database(file, { readonly: true });
    const names = (
      db
        .prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'rm_people' AND name LIKE 'ix%'")
        .all() as {
        name: string;
      }[]
    ).map((r) => r.name);
    db.close();
    return names.sort();
  };

  it('a start drops the indexes an older version declared and keeps the declared ones', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'panda-rs-')), 'read.db');
    const projection = (fields: string[]): Projection => ({
      name: 'people',
      collections: { people: fields },
      handles: [],
      apply: () => undefined,
    });
    const [old, now] = [projection(['role', 'name']), projection(['role+locked', 'name'])];
    const store = new SqliteEventStore(join(mkdtempSync(join(tmpdir(), 'panda-rs-')), 'events.db'));
    let rs = new SqliteReadStore(file);
    await new ProjectionRunner(store, rs, [old]).init();
    await rs.close();
    expect(indexNames(file)).toEqual(['ix_rm_people_name', 'ix_rm_people_role']);
    rs = new SqliteReadStore(file);
    await new ProjectionRunner(store, rs, [now]).init();
    await rs.close();
    expect(indexNames(file)).toEqual(['ix_rm_people_name', 'ix_rm_people_role__locked']);
    await store.close();
  });

  it('answers a search of 3 or more characters from its trigram index, made and dropped for every connection', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'panda-rs-')), 'read.db');
    const [a, b] = [new SqliteReadStore(file), new SqliteReadStore(file)];
    const ids = async (text: string) => (await b.find('people', { name: { $contains: text } })).map((d) => d.id);
    await a.commit('p', 0, 1, [
      { op: 'put', collection: 'people', doc: { id: 'x', name: 'Bobby' } },
      { op: 'put', collection: 'people', doc: { id: 'y', name: 'Rob' } },
    ]);
    expect(await ids('bob')).toEqual(['x']);
    await a.ensureIndexes('people', [searchIndex('name')]);
    // x taken out of the index behind the stores' backs: a search that reads the index no longer finds it.
    const raw = new Database(file);
    raw.prepare('DELETE FROM fts_rm_people_name WHERE rowid = (SELECT rowid FROM rm_people WHERE id = ?)').run('x');
    expect(await ids('bob')).toEqual([]);
    expect(await b.count('people', { name: { $contains: 'BOB' } })).toBe(0);
    expect(await ids('ob')).toEqual(['x', 'y']); // too short for a trigram: scanned
    // Within few documents (what the rest of the filter leaves), a search reads them; within more, its index.
    const within = async (n: number) => {
      const many = Array.from({ length: n }, (_, i) => ({ id: `m${i}`, group: 'g', name: 'Other' }));
      await a.commit('p', 1, 2, [
        { op: 'put', collection: 'people', doc: { id: 'x', name: 'Bobby', group: 'g' } },
        ...many.map((doc) => ({ op: 'put' as const, collection: 'people', doc })),
      ]);
      raw.prepare('DELETE FROM fts_rm_people_name WHERE rowid = (SELECT rowid FROM rm_people WHERE id = ?)').run('x');
      const found = await b.find('people', { group: 'g', name: { $contains: 'bob' } });
      await a.reset('p', ['people']);
      await a.ensureIndexes('people', [searchIndex('name')]);
      await a.commit('p', 0, 1, []);
      return found.map((d) => d.id);
    };
    expect(await within(10)).toEqual(['x']);
    expect(await within(400)).toEqual([]);
    await a.commit('p', 1, 2, [{ op: 'put', collection: 'people', doc: { id: 'x', name: 'Bobby' } }]);
    await a.dropIndexesExcept('people', []);
    expect(await ids('bob')).toEqual(['x']);
    expect(raw.prepare("SELECT name FROM sqlite_master WHERE name LIKE 'fts%'").all()).toEqual([]);
    raw.close();
    await Promise.all([a.close(), b.close()]);
  });
  it('answers a search of several fields from one index of them, a column each, and drops the indexes per field', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'panda-rs-')), 'read.db');
    const rs = new SqliteReadStore(file);
    await rs.ensureIndexes('people', [searchIndex('name'), searchIndex('email')]);
    await rs.commit('p', 0, 1, [
      { op: 'put', collection: 'people', doc: { id: 'x', name: 'Bobby', email: 'x@bob.org', city: 'Bobton' } },
      { op: 'put', collection: 'people', doc: { id: 'y', name: 'Rob', email: 'bobby@y.org', city: 12 } },
      { op: 'put', collection: 'people', doc: { id: 'z', name: { first: 'Bob' }, city: 'Leeds' } },
    ]);
    // The upgrade: the index of the three fields is built over the documents there, those per field dropped.
    const declared = [searchIndex('name', 'email', 'city')];
    await rs.ensureIndexes('people', declared);
    await rs.dropIndexesExcept('people', declared);
    const raw = new Database(file);
    expect(
      raw.prepare("SELECT name FROM sqlite_master WHERE type = 'trigger' AND name LIKE 'fts%'").pluck().all().sort(),
    ).toEqual(['ai', 'ad', 'au'].map((x) => `fts_rm_people_name__email__city_${x}`).sort());
    const ids = async (filter: Filter) => (await rs.find('people', filter)).map((d) => d.id).sort();
    const anyOf = (fields: string[], text: string) => ({ $or: fields.map((f) => ({ [f]: { $contains: text } })) });
    expect(await ids({ name: { $contains: 'BOB' } })).toEqual(['x', 'z']); // z's name as its JSON text
    expect(await ids({ email: { $contains: 'bob' } })).toEqual(['x', 'y']);
    expect(await ids({ city: { $contains: 'bob' } })).toEqual(['x']);
    expect(await ids(anyOf(['name', 'email'], 'bob'))).toEqual(['x', 'y', 'z']);
    expect(await ids(anyOf(['email', 'city'], 'bobby'))).toEqual(['y']);
    // Read from the index, in the columns asked: y taken out of it behind the store's back.
    raw
      .prepare('DELETE FROM fts_rm_people_name__email__city WHERE rowid = (SELECT rowid FROM rm_people WHERE id = ?)')
      .run('y');
    await new Promise((resolve) => setImmediate(resolve)); // a turn's searches are kept for that turn only
    const reads = rs.searchReads;
    expect(await ids(anyOf(['email', 'city'], 'bobby'))).toEqual([]);
    expect(await ids(anyOf(['name', 'email', 'city'], 'bob'))).toEqual(['x', 'z']);
    expect(await ids({ email: { $contains: 'bob' } })).toEqual(['x']);
    expect(rs.searchReads - reads).toBe(3);
    // A document written again is indexed again, a field no longer text left out of its column.
    await rs.commit('p', 1, 2, [
      { op: 'put', collection: 'people', doc: { id: 'y', name: 'Rob', email: null, city: 'Bobbyville' } },
    ]);
    expect(await ids(anyOf(['email', 'city'], 'bobby'))).toEqual(['y']);
    expect(await ids({ email: { $contains: 'bobby' } })).toEqual([]);
    raw.close();
    await rs.close();
  });
});

describe('SQLite read store: writes', () => {
  it('leaves a document written again unchanged alone, and writes one that changed', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'panda-rs-')), 'read.db');
    const rs = new SqliteReadStore(file);
    await rs.commit('p', 0, 1, [{ op: 'put', collection: 'people', doc: { id: 'x', name: 'Ann', n: 1 } }]);
    // Another connection counts the rows the table's updates write.
    const db = new Database(file);
    db.exec(`CREATE TABLE updated (id TEXT);
      CREATE TRIGGER count_updates AFTER UPDATE ON rm_people BEGIN INSERT INTO updated VALUES (new.id); END`);
    await rs.commit('p', 1, 2, [{ op: 'put', collection: 'people', doc: { id: 'x', name: 'Ann', n: 1 } }]);
    await rs.commit('p', 2, 3, [{ op: 'put', collection: 'people', doc: { id: 'x', name: 'Bea', n: 1 } }]);
    await rs.commit('p', 3, 4, [{ op: 'put', collection: 'people', doc: { id: 'x', name: 'Bea', n: 1 } }]);
    expect(db.prepare('SELECT id FROM updated').pluck().all()).toEqual(['x']);
    expect([await rs.get('people', 'x'), await rs.checkpoint('p')]).toEqual([{ id: 'x', name: 'Bea', n: 1 }, 4]);
    db.close();
    await rs.close();
  });
});

describe('SQLite read store: counts', () => {
  it('counts again after a commit of its own, of another connection, and after a reset', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'panda-rs-')), 'read.db');
    const [a, b] = [new SqliteReadStore(file), new SqliteReadStore(file)];
    const person = (id: string, role: string) => ({ op: 'put' as const, collection: 'people', doc: { id, role } });
    await a.commit('p', 0, 1, [person('x', 'student'), person('y', 'mentor')]);
    const students = () => a.count('people', { role: 'student' });
    expect([await students(), await students(), await a.count('people')]).toEqual([1, 1, 2]);
    await a.commit('p', 1, 2, [person('z', 'student')]);
    expect(await students()).toBe(2);
    // Another connection (the projections thread's, a rebuild's) commits: the next count sees it.
    await b.commit('q', 0, 1, [person('w', 'student'), { op: 'delete', collection: 'people', id: 'x' }]);
    expect([await students(), await a.count('people')]).toEqual([2, 3]);
    await b.commit('q', 1, 2, [person('y', 'student')]);
    expect([await students(), await a.count('people', { role: 'mentor' })]).toEqual([3, 0]);
    await a.reset('p', ['people']);
    expect([await students(), await a.count('people')]).toEqual([0, 0]);
    await Promise.all([a.close(), b.close()]);
  });

  it('keeps a count while commits write other tables only, and counts again once one writes its table', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'panda-rs-')), 'read.db');
    const [a, b] = [new SqliteReadStore(file), new SqliteReadStore(file)];
    const put = (collection: string, id: string, role = 'student') => ({
      op: 'put' as const,
      collection,
      doc: { id, role },
    });
    await a.commit('p', 0, 1, [put('people', 'x'), put('notes', 'n1')]);
    const students = () => a.count('people', { role: 'student' });
    expect(await students()).toBe(1);
    const reads = a.countReads;
    // Another table written, by this connection and by another one: the count is not read again.
    await a.commit('p', 1, 2, [put('notes', 'n2')]);
    await b.commit('q', 0, 1, [put('notes', 'n3'), { op: 'delete', collection: 'notes', id: 'n1' }]);
    expect([await students(), await a.count('notes')]).toEqual([1, 2]);
    expect(a.countReads).toBe(reads + 1); // the notes' count only
    // Its own table written by another connection, then by this one, then reset: counted again each time.
    await b.commit('q', 1, 2, [put('people', 'y')]);
    expect(await students()).toBe(2);
    await a.commit('p', 2, 3, [{ op: 'delete', collection: 'people', id: 'x' }]);
    expect(await students()).toBe(1);
    await b.reset('q', ['people']);
    expect(await students()).toBe(0);
    expect(a.countReads).toBe(reads + 4);
    await Promise.all([a.close(), b.close()]);
  });

  it('keeps the count of a whole table that declares it as documents come and go, by any connection', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'panda-rs-')), 'read.db');
    // A file from before the kept counts: its table counted once, when the count is declared.
    const old = new Database(file);
    old.exec('CREATE TABLE rm_people (id TEXT PRIMARY KEY, doc TEXT NOT NULL)');
    old.prepare(`INSERT INTO rm_people (id, doc) VALUES ('o1', '{"id":"o1"}'), ('o2', '{"id":"o2"}')`).run();
    old.close();
    const [a, b] = [new SqliteReadStore(file), new SqliteReadStore(file)];
    const put = (id: string, role = 'student') => ({ op: 'put' as const, collection: 'people', doc: { id, role } });
    const del = (id: string) => ({ op: 'delete' as const, collection: 'people', id });
    const raw = new Database(file, { readonly: true });
    const actual = () => raw.prepare('SELECT count(*) FROM rm_people').pluck().get();
    // Not declared: every count of the table after a commit to it counts its documents.
    await b.commit('q', 0, 1, [put('x')]);
    let reads = a.countReads;
    expect(await a.count('people')).toBe(3);
    expect(a.countReads).toBe(reads + 1);
    await b.ensureIndexes('people', ['role', ROW_COUNT]);
    reads = a.countReads;
    await b.commit('q', 1, 2, [put('y'), put('x', 'mentor'), put('z'), put('x', 'mentor')]); // x put again: one document
    expect([await a.count('people'), actual()]).toEqual([5, 5]);
    await a.commit('p', 0, 1, [del('o1'), del('nobody'), put('y', 'mentor'), put('w')]);
    expect([await a.count('people'), await b.count('people'), actual()]).toEqual([5, 5, 5]);
    await b.commit('q', 2, 3, [del('x'), del('y'), del('z'), del('o2'), del('w')]);
    expect([await a.count('people'), actual()]).toEqual([0, 0]);
    expect(a.countReads).toBe(reads);
    // A filtered count still counts its matches.
    await b.commit('q', 3, 4, [put('s1'), put('m1', 'mentor')]);
    expect([await a.count('people', { role: 'student' }), await a.count('people')]).toEqual([1, 2]);
    expect(a.countReads).toBe(reads + 1);
    // A reset drops the count with the table; declared again, it starts from the documents there.
    await a.reset('p', ['people']);
    await b.commit('q', 4, 5, [put('n1')]);
    reads = a.countReads;
    expect(await a.count('people')).toBe(1);
    expect(a.countReads).toBe(reads + 1);
    await a.ensureIndexes('people', [ROW_COUNT]);
    await a.commit('p', 0, 1, [put('n2')]);
    expect([await a.count('people'), await b.count('people'), actual()]).toEqual([2, 2, 2]);
    expect(a.countReads).toBe(reads + 1);
    // No longer declared: its triggers go with it, and counts count again.
    await b.dropIndexesExcept('people', ['role']);
    await b.commit('q', 5, 6, [put('n3')]);
    expect([await a.count('people'), actual()]).toEqual([3, 3]);
    expect(a.countReads).toBe(reads + 2);
    raw.close();
    await Promise.all([a.close(), b.close()]);
  });

  it('keeps no count while a bulk reset inserts, then keeps it once the indexes are built', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'panda-rs-')), 'read.db');
    const rebuild = new SqliteReadStore(file, { bulkWriter: true });
    const reader = new SqliteReadStore(file);
    const raw = new Database(file, { readonly: true });
    const triggers = () =>
      raw
        .prepare("SELECT name FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'rm_people' ORDER BY name")
        .pluck()
        .all();
    await rebuild.ensureIndexes('people', [ROW_COUNT]);
    await rebuild.commit('p', 0, 1, [{ op: 'put', collection: 'people', doc: { id: 'a' } }]);
    expect(triggers()).toEqual(['rm_people_rows_ad', 'rm_people_rows_ai']);
    await rebuild.reset('p', ['people'], { bulk: true });
    expect(triggers()).toEqual([]);
    const docs = Array.from({ length: 5 }, (_, i) => ({
      op: 'put' as const,
      collection: 'people',
      doc: { id: `p${i}` },
    }));
    await rebuild.commit('p', 0, 1, docs.slice(0, 3));
    let reads = reader.countReads;
    expect(await reader.count('people')).toBe(3); // counted: no kept count during the bulk inserts
    expect(reader.countReads).toBe(reads + 1);
    await rebuild.commit('p', 1, 2, docs.slice(3));
    await rebuild.ensureIndexes('people', [ROW_COUNT]);
    expect(triggers()).toEqual(['rm_people_rows_ad', 'rm_people_rows_ai']);
    reads = reader.countReads;
    await rebuild.commit('p', 2, 3, [{ op: 'delete', collection: 'people', id: 'p0' }, docs[1]]);
    expect(await reader.count('people')).toBe(4);
    expect(reader.countReads).toBe(reads);
    raw.close();
    await Promise.all([reader.close(), rebuild.close()]);
  });

  it('counts again after a rebuild thread’s writer wrote the table', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'panda-rs-')), 'read.db');
    const reader = new SqliteReadStore(file);
    const rebuild = new SqliteReadStore(file, { bulkWriter: true });
    expect(await reader.count('people')).toBe(0);
    await rebuild.reset('p', ['people'], { bulk: true });
    const docs = Array.from({ length: 5 }, (_, i) => ({
      op: 'put' as const,
      collection: 'people',
      doc: { id: `p${i}` },
    }));
    await rebuild.commit('p', 0, 1, docs.slice(0, 3));
    expect(await reader.count('people')).toBe(3);
    await rebuild.commit('p', 1, 2, docs.slice(3));
    expect(await reader.count('people')).toBe(5);
    await Promise.all([reader.close(), rebuild.close()]);
  });
});

describe('SQLite read store: a long text looked up by its rarest trigrams', () => {
  // 600 students named and mailed alike ("student" in every one), and documents made to hold a text's rarest
  // trigrams without the text: in another column, apart, or in a column not asked.
  const students = Array.from({ length: 600 }, (_, i) => ({
    id: `s${i}`,
    name: `Student${i} ${i}`,
    email: `student${i}@bench.test`,
    city: i % 2 ? 'Leeds' : 'York',
  }));
  const traps = [
    { id: 'apart', name: 'Grant1 Kat12', email: 'x@y.org', city: 'Hull' },
    { id: 'split', name: 'Grant1', email: 'kat12@z.org', city: 'Hull' },
    { id: 'elsewhere', name: 'Elsewhere', email: 'e@x.org', city: 'student12 town' },
    { id: 'upper', name: 'STUDENT12 UPPER', email: 'u@x.org', city: 'Hull' },
    { id: 'not-ascii', name: 'Stüdent12', email: 'ü@x.org', city: 'Hull' },
    { id: 'quoted', name: 'Said "student12" twice', email: 'q@x.org', city: 12 },
  ];
  const texts = [
    'student12',
    'STUDENT12',
    'tudent1',
    'student123',
    'student12 1',
    'dent12@b',
    'student5999',
    '"student12"',
  ];
  texts.push('nt12', 'student', 'grant1 kat12', 'kat12@', 'student12 town', 'xyzzy12');
  const filters = (text: string): Filter[] => [
    { $or: [{ name: { $contains: text } }, { email: { $contains: text } }] },
    { $or: ['name', 'email', 'city'].map((f) => ({ [f]: { $contains: text } })) },
    { name: { $contains: text } },
    { city: { $contains: text } },
    { city: 'York', $or: [{ name: { $contains: text } }, { email: { $contains: text } }] },
  ];
  const agree = async (rs: SqliteReadStore, docs: Record<string, unknown>[], when: string) => {
    for (const text of texts)
      for (const f of filters(text)) {
        await new Promise((resolve) => setImmediate(resolve)); // a turn keeps its searches: each in a turn of its own
        const expected = docs
          .filter((d) => matches(d as never, f))
          .map((d) => d.id as string)
          .sort();
        const label = `${when}: ${JSON.stringify(f)}`;
        expect((await rs.find('people', f)).map((d) => d.id).sort(), label).toEqual(expected);
        expect(await rs.count('people', f), label).toBe(expected.length);
      }
  };
  const put = (docs: Record<string, unknown>[]) =>
    docs.map((doc) => ({ op: 'put' as const, collection: 'people', doc: doc as { id: string } }));

  it('finds exactly what the phrase finds, as documents change, from one index of several fields', async () => {
    const rs = new SqliteReadStore(join(mkdtempSync(join(tmpdir(), 'panda-rs-')), 'read.db'));
    await rs.ensureIndexes('people', [searchIndex('name', 'email', 'city')]);
    await rs.commit('p', 0, 1, put([...students, ...traps]));
    expect(await rs.count('people', { name: { $contains: 'student12' } })).toBe(13); // 12, 120-129, upper, quoted
    await agree(rs, [...students, ...traps], 'put');
    expect(rs.searchesByRarest).toBeGreaterThan(40); // not vacuous: most of those searches were made so
    await new Promise((resolve) => setImmediate(resolve));
    const before = rs.searchesByRarest;
    expect(await rs.count('people', { name: { $contains: 'student13' } })).toBe(11); // 13, 130-139
    expect(rs.searchesByRarest - before).toBe(1);
    expect(await rs.count('people', { name: { $contains: 'nt13' } })).toBe(11); // two trigrams: the phrase
    expect(rs.searchesByRarest - before).toBe(1);
    // Renamed: the trigrams' counts kept from before are out of date, the matches are not.
    const renamed = students.map((d, i) => (i % 3 ? d : { ...d, name: `Grant${i}`, email: `kat${i}@x.org` }));
    await rs.commit('p', 1, 2, [...put(renamed), { op: 'delete', collection: 'people', id: 'upper' }]);
    await agree(rs, [...renamed, ...traps.filter((d) => d.id !== 'upper')], 'renamed');
    await rs.close();
  });

  it('finds the same from an index per field, and from one made by an earlier version without its text', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'panda-rs-')), 'read.db');
    const rs = new SqliteReadStore(file);
    await rs.ensureIndexes(
      'people',
      ['name', 'email', 'city'].map((f) => searchIndex(f)),
    );
    await rs.commit('p', 0, 1, put([...students, ...traps]));
    await agree(rs, [...students, ...traps], 'an index per field');
    expect(rs.searchesByRarest).toBeGreaterThan(40);
    await rs.dropIndexesExcept('people', []);
    await rs.close();
    // The index of three fields as an earlier version made it: no table of its text to check a candidate in.
    const fts = 'fts_rm_people_name__email__city';
    const raw = new Database(file);
    const col = (f: string) =>
      `CASE WHEN typeof(json_extract(doc, '$.${f}')) = 'text' THEN lower(json_extract(doc, '$.${f}')) END`;
    raw.exec(
      `CREATE VIRTUAL TABLE ${fts} USING fts5("name", "email", "city", content='', contentless_delete=1, tokenize='trigram case_sensitive 1');
       INSERT INTO ${fts} (rowid, "name", "email", "city") SELECT rowid, ${['name', 'email', 'city'].map(col).join(', ')} FROM rm_people;
       CREATE TRIGGER ${fts}_ad AFTER DELETE ON rm_people BEGIN DELETE FROM ${fts} WHERE rowid = old.rowid; END;`,
    );
    raw.close();
    const old = new SqliteReadStore(file);
    await agree(old, [...students, ...traps], 'contentless');
    expect(old.searchesByRarest).toBe(0); // read as phrases
    // Declared again, it is made again with its table of text, and then looked up by its rarest trigrams.
    await old.ensureIndexes('people', [searchIndex('name', 'email', 'city')]);
    const made = new Database(file, { readonly: true });
    expect(made.prepare(`SELECT count(*) FROM ${fts}_text`).pluck().get()).toBe(606);
    made.close();
    await old.close();
    // (A new connection: the matches this one kept are the same index's, made again alike.)
    const now = new SqliteReadStore(file);
    await agree(now, [...students, ...traps], 'made again');
    expect(now.searchesByRarest).toBeGreaterThan(40);
    await now.close();
  });
});

describe('SQLite read store: search upkeep', () => {
  it('merges each search index at a start and again as writes add up, and its searches stay right', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'panda-rs-')), 'read.db');
    const a = new SqliteReadStore(file);
    await a.ensureIndexes('people', [searchIndex('name')]);
    expect(a.searchMerges).toBe(0); // made in one segment
    const people = (from: number, to: number, name: string) =>
      Array.from({ length: to - from }, (_, k) => ({
        op: 'put' as const,
        collection: 'people',
        doc: { id: `p${from + k}`, name: `${name} ${from + k}` },
      }));
    await a.commit('p', 0, 1, people(0, 999, 'Person'));
    expect(a.searchMerges).toBe(0); // 999 writes: not yet
    await a.commit('p', 1, 2, people(999, 3000, 'Person'));
    expect(a.searchMerges).toBe(1);
    // Renamed in commits of 100: merged again after 1,000 writes (a tenth of 3,000 is fewer).
    let at = 2;
    for (let from = 0; from < 1500; from += 100, at++)
      await a.commit('p', at, at + 1, people(from, from + 100, 'Renamed'));
    expect(a.searchMerges).toBe(2);
    expect(await a.count('people', { name: { $contains: 'renamed 14' } })).toBe(111); // 14, 140-149, 1400-1499
    expect(await a.count('people', { name: { $contains: 'person 14' } })).toBe(0);
    expect(await a.count('people', { name: { $contains: 'person 2999' } })).toBe(1);
    await a.close();
    // A start merges what the last run left, once.
    const b = new SqliteReadStore(file);
    await b.ensureIndexes('people', [searchIndex('name')]);
    await b.ensureIndexes('people', [searchIndex('name')]);
    expect(b.searchMerges).toBe(1);
    expect(await b.count('people', { name: { $contains: 'renamed 14' } })).toBe(111);
    await b.close();
  });

  it('counts and pages a search of several fields from its indexes as a scan would, its matches few or many', async () => {
    const rs = new SqliteReadStore(join(mkdtempSync(join(tmpdir(), 'panda-rs-')), 'read.db'));
    await rs.ensureIndexes('people', [searchIndex('name'), searchIndex('email'), 'role', 'name']);
    // 3,000 people, two thirds students: the role alone leaves more than a search reads without its index
    // (SCAN_AT_MOST), so the matches come from the search indexes, checked against each row the role leaves.
    const docs = Array.from({ length: 3000 }, (_, k) => ({
      id: `p${k}`,
      role: k % 3 ? 'student' : 'mentor',
      name: `Person ${k}`,
      // The same text in both fields for some (one match, not two), in the e-mail alone for others.
      email: k % 7 ? `p${k}@example.org` : `person ${k}@example.org`,
    }));
    await rs.commit(
      'p',
      0,
      1,
      docs.map((doc) => ({ op: 'put' as const, collection: 'people', doc })),
    );
    // 'person 12': 111 people; 'person 1': 1,111; 'example': all of them; 'person 123': 11; 'p2999@': one;
    // 'nobody': none. The last three are at most a 32nd of the table: their queries start from the matches.
    for (const text of ['person 12', 'person 1', 'example', 'person 123', 'p2999@', 'nobody']) {
      const search = { $or: [{ name: { $contains: text } }, { email: { $contains: text } }] };
      for (const filter of [
        search,
        { role: 'student', ...search },
        { role: { $in: ['student', 'mentor'] }, ...search },
        // The matches inside an `$or`: a set checked against rows, never the rows to start from.
        { $or: [{ role: 'mentor', name: { $contains: '99' } }, search] },
        { $and: [{ role: 'student' }, search] },
      ]) {
        const expected = docs.filter((d) => matches(d, filter)).sort(compareBy({ name: 1, id: 1 }));
        const label = `${text}: ${JSON.stringify(filter)}`;
        expect(await rs.count('people', filter), label).toBe(expected.length);
        const page = await rs.find('people', filter, { sort: { name: 1 }, limit: 50 });
        expect(
          page.map((d) => d.id),
          label,
        ).toEqual(expected.slice(0, 50).map((d) => d.id));
      }
    }
    // Few matches of a filter whose index leaves most of the table: looked up by rowid, not found by the index.
    const search = (text: string) => ({ $or: [{ name: { $contains: text } }, { email: { $contains: text } }] });
    const plan = (filter: Filter) => rs.countPlan('people', filter).join('\n');
    expect(plan({ role: { $in: ['student', 'mentor'] }, ...search('person 123') })).toMatch(/INTEGER PRIMARY KEY/);
    expect(plan({ role: { $in: ['student', 'mentor'] }, ...search('person 123') })).not.toMatch(/ix_rm_people_role/);
    expect(plan({ role: { $in: ['student', 'mentor'] }, ...search('person 12') })).toMatch(/ix_rm_people_role/);
    expect(plan({ $or: [{ role: 'mentor' }, search('person 123')] })).not.toMatch(/INTEGER PRIMARY KEY/);
    // A page of one match in the order of an index: looked up, not found by walking the whole index for it.
    const page = (filter: Filter) => rs.findPlan('people', filter, { name: 1 }, 51).join('\n');
    expect(page(search('p2999@'))).toMatch(/INTEGER PRIMARY KEY/);
    expect(page(search('person 1'))).toMatch(/ix_rm_people_name/);
    await rs.close();
  });

  it('finds documents named by id through the index of ids, their other conditions checked on them', async () => {
    const rs = new SqliteReadStore(join(mkdtempSync(join(tmpdir(), 'panda-rs-')), 'read.db'));
    await rs.ensureIndexes('students', ['centre_id', 'centre_id+Created_At']);
    const docs = Array.from({ length: 2000 }, (_, k) => ({
      id: `s${k}`,
      centre_id: `c${k % 2}`,
      Created_At: new Date(Date.UTC(2026, 0, 1) + k * 60_000).toISOString(),
    }));
    await rs.commit(
      'students',
      0,
      1,
      docs.map((doc) => ({ op: 'put' as const, collection: 'students', doc })),
    );
    const ids = ['s0', 's1', 's2', 's4', 's1998', 'nobody'];
    for (const filter of [
      { id: { $in: ids }, centre_id: 'c0' },
      { id: 's4', centre_id: 'c0' },
    ]) {
      const plan = rs.countPlan('students', filter).join('\n');
      expect(plan).toMatch(/sqlite_autoindex_rm_students_1/);
      expect(plan).not.toMatch(/ix_rm_students_centre_id/);
    }
    expect((await rs.find('students', { id: { $in: ids }, centre_id: 'c0' })).map((d) => d.id)).toEqual([
      's0',
      's2',
      's4',
      's1998',
    ]);
    expect(await rs.count('students', { id: { $in: ids }, centre_id: 'c1' })).toBe(1);
    // Under an `$or`, or without a list of ids, the other conditions keep their indexes.
    expect(rs.countPlan('students', { centre_id: 'c0', id: { $ne: 's1' } }).join('\n')).toMatch(
      /ix_rm_students_centre_id/,
    );
    await rs.close();
  });
});

describe("SQLite read store: a search's matches kept until its indexes are written", () => {
  it('reads a search again only after a write to its indexes, by this connection or another', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'panda-rs-')), 'read.db');
    const rs = new SqliteReadStore(file);
    await rs.ensureIndexes('people', [searchIndex('name'), searchIndex('email'), 'age']);
    const put = (store: SqliteReadStore, from: number, docs: object[]) =>
      store.commit(
        'p',
        from,
        from + 1,
        docs.map((doc) => ({ op: 'put' as const, collection: 'people', doc: doc as { id: string } })),
      );
    await put(
      rs,
      0,
      Array.from({ length: 500 }, (_, k) => ({ id: `p${k}`, name: `Person ${k}`, email: `p${k}@x.org`, age: k % 90 })),
    );
    const search = { $or: [{ name: { $contains: 'person 4' } }, { email: { $contains: 'person 4' } }] };
    const ids = async () => (await rs.find('people', search, { sort: { name: 1 }, limit: 500 })).map((d) => d.id);
    const turn = () => new Promise((r) => setImmediate(r));
    const expected = (docs: { id: string; name: string }[]) =>
      docs
        .filter((d) => d.name.toLowerCase().includes('person 4'))
        .sort(compareBy({ name: 1, id: 1 }))
        .map((d) => d.id);
    let docs = Array.from({ length: 500 }, (_, k) => ({ id: `p${k}`, name: `Person ${k}` }));
    expect(await ids()).toEqual(expected(docs));
    expect(rs.searchReads).toBe(1);
    await turn();
    // Asked again (the next page, another turn): the indexes are as they were, the matches too.
    expect(await ids()).toEqual(expected(docs));
    expect(await rs.count('people', search)).toBe(expected(docs).length);
    expect(rs.searchReads).toBe(1);
    // A field no search index holds: the indexes are unchanged, and so are the matches.
    await put(rs, 1, [{ id: 'p4', name: 'Person 4', email: 'p4@x.org', age: 99 }]);
    await turn();
    expect(await ids()).toEqual(expected(docs));
    expect(rs.searchReads).toBe(1);
    // A new match, by another connection to the file: read again.
    const other = new SqliteReadStore(file);
    await put(other, 2, [{ id: 'q1', name: 'Person 4000', email: 'q1@x.org', age: 1 }]);
    docs = [...docs, { id: 'q1', name: 'Person 4000' }];
    await turn();
    expect(await ids()).toEqual(expected(docs));
    expect(rs.searchReads).toBe(2);
    // A match renamed away, and one deleted.
    await rs.commit('p', 3, 4, [
      { op: 'put', collection: 'people', doc: { id: 'p40', name: 'Someone Else', email: 'p40@x.org', age: 2 } },
      { op: 'delete', collection: 'people', id: 'p41' },
    ]);
    docs = docs.filter((d) => d.id !== 'p40' && d.id !== 'p41');
    await turn();
    expect(await ids()).toEqual(expected(docs));
    expect(await rs.count('people', search)).toBe(expected(docs).length);
    expect(rs.searchReads).toBe(3);
    await other.close();
    await rs.close();
  });
});

describe('SQLite read store: waiting for another writer', () => {
  it('waits as long as busyTimeoutMs says, then refuses the commit and writes nothing', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'panda-rs-busy-')), 'read.db');
    const store = new SqliteReadStore(file, { busyTimeoutMs: 300 });
    await store.count('people');
    const other = new Database(file);
    other.exec('BEGIN IMMEDIATE');
    const started = Date.now();
    await expect(store.commit('p', 0, 1, [{ op: 'put', collection: 'people', doc: { id: 'a' } }])).rejects.toThrow(
      /locked|busy/i,
    );
    const waited = Date.now() - started;
    expect(waited).toBeGreaterThanOrEqual(250);
    expect(waited).toBeLessThan(5000);
    other.exec('ROLLBACK');
    other.close();
    expect(await store.count('people')).toBe(0);
    expect(await store.checkpoint('p')).toBe(0);
    await store.close();
  });
});

describe('SQLite read store: a bulk reset builds the index of ids last', () => {
  const setup = () => {
    const file = join(mkdtempSync(join(tmpdir(), 'panda-rs-')), 'read.db');
    const raw = new Database(file);
    /** The indexes of the table, as SQLite lists them: [name, unique, origin ('pk': the primary key's)]. */
    const idIndexes = () =>
      raw.prepare('SELECT name, "unique", origin FROM pragma_index_list(?) ORDER BY name').raw().all('rm_people');
    return { file, raw, idIndexes, rs: new SqliteReadStore(file) };
  };
  const put = (id: string, name: string) => ({ op: 'put' as const, collection: 'people', doc: { id, name } });

  it('inserts the documents, then builds a unique index of ids with the others; puts update in place after', async () => {
    const { raw, idIndexes, rs } = setup();
    await rs.commit('p', 0, 1, [put('x', 'Ann')]);
    expect(idIndexes()).toEqual([['sqlite_autoindex_rm_people_1', 1, 'pk']]);
    await rs.reset('p', ['people'], { bulk: true });
    expect(idIndexes()).toEqual([]);
    await rs.commit('p', 0, -1, [put('b', 'Bea'), put('a', 'Ann')]);
    await rs.commit('p', -1, 2, [put('c', 'Cy')]);
    expect(idIndexes()).toEqual([]);
    // Read by id meanwhile: the same answers, from a scan.
    expect(await rs.get('people', 'a')).toEqual({ id: 'a', name: 'Ann' });
    await rs.ensureIndexes('people', ['name']);
    expect(idIndexes()).toEqual([
      ['ix_rm_people_name', 0, 'c'],
      ['uq_rm_people_id', 1, 'c'],
    ]);
    expect(raw.prepare("EXPLAIN QUERY PLAN SELECT doc FROM rm_people WHERE id = 'a'").get()).toMatchObject({
      detail: expect.stringContaining('uq_rm_people_id'),
    });
    // From here a put of a known id replaces the document where it stands, as in any table.
    await rs.commit('p', 2, 3, [put('b', 'Bo'), put('d', 'Di')]);
    expect(await rs.find('people')).toEqual([
      { id: 'b', name: 'Bo' },
      { id: 'a', name: 'Ann' },
      { id: 'c', name: 'Cy' },
      { id: 'd', name: 'Di' },
    ]);
    // A reset that is not bulk makes the table as ensureTable does, with its primary key.
    await rs.reset('p', ['people']);
    expect(idIndexes()).toEqual([['sqlite_autoindex_rm_people_1', 1, 'pk']]);
    raw.close();
    await rs.close();
  });

  it('refuses to build the index over a document put twice, naming the table', async () => {
    const { raw, rs } = setup();
    await rs.reset('p', ['people'], { bulk: true });
    await rs.commit('p', 0, 1, [put('a', 'Ann'), put('a', 'Ann again')]);
    await expect(rs.ensureIndexes('people', [])).rejects.toThrow(
      'rm_people: a document was put twice after a bulk reset, so its ids are not unique',
    );
    raw.close();
    await rs.close();
  });

  it('builds the index before a delete, and in a connection that finds a table left without it', async () => {
    const { file, raw, idIndexes, rs } = setup();
    await rs.reset('p', ['people'], { bulk: true });
    await rs.commit('p', 0, 1, [put('a', 'Ann'), put('b', 'Bea')]);
    await rs.commit('p', 1, 2, [{ op: 'delete', collection: 'people', id: 'a' }]);
    expect(idIndexes()).toEqual([['uq_rm_people_id', 1, 'c']]);
    expect(await rs.find('people')).toEqual([{ id: 'b', name: 'Bea' }]);
    // A rebuild stopped before its indexes: the next connection's ensureIndexes (the runner's init) builds it.
    await rs.reset('p', ['people'], { bulk: true });
    await rs.commit('p', 0, -1, [put('a', 'Ann')]);
    await rs.close();
    const next = new SqliteReadStore(file);
    expect(idIndexes()).toEqual([]);
    await next.ensureIndexes('people', []);
    expect(idIndexes()).toEqual([['uq_rm_people_id', 1, 'c']]);
    await next.commit('p', -1, 1, [put('a', 'Ann B')]);
    expect(await next.find('people')).toEqual([{ id: 'a', name: 'Ann B' }]);
    raw.close();
    await next.close();
  });
});

describe('SQLite read store: a writer thread for a rebuild (bulkWriter)', () => {
  const put = (id: string, name: string) => ({ op: 'put' as const, collection: 'people', doc: { id, name } });
  const open = () => {
    const file = join(mkdtempSync(join(tmpdir(), 'panda-rs-writer-')), 'read.db');
    return { file, rs: new SqliteReadStore(file, { bulkWriter: true }) };
  };
  /** What another connection reads in the file: the documents by id, and the checkpoint of `p`. */
  const stored = (file: string) => {
    const raw = new Database(file, { readonly: true });
    const docs = raw.prepare('SELECT id, doc FROM rm_people ORDER BY id').raw().all();
    const checkpoint = raw.prepare("SELECT position FROM checkpoints WHERE projection = 'p'").pluck().get();
    raw.close();
    return { docs, checkpoint };
  };

  it('writes commits made one after another without waiting, in order, then builds the indexes', async () => {
    const { file, rs } = open();
    await rs.reset('p', ['people'], { bulk: true });
    const commits = [
      rs.commit('p', 0, -1, [put('b', 'Bea'), put('a', 'Ann')]),
      rs.commit('p', -1, -1, [put('c', 'Cy')]),
      rs.commit('p', -1, 7, []),
    ];
    await Promise.all(commits);
    await rs.ensureIndexes('people', ['name']);
    expect(stored(file)).toEqual({
      docs: [
        ['a', '{"id":"a","name":"Ann"}'],
        ['b', '{"id":"b","name":"Bea"}'],
        ['c', '{"id":"c","name":"Cy"}'],
      ],
      checkpoint: 7,
    });
    // Indexed: later puts update in place, on this connection.
    await rs.commit('p', 7, 8, [put('a', 'Ann B'), { op: 'delete', collection: 'people', id: 'c' }]);
    expect(await rs.find('people', {}, { sort: { name: 1 } })).toEqual([
      { id: 'a', name: 'Ann B' },
      { id: 'b', name: 'Bea' },
    ]);
    await rs.close();
  });

  it('refuses a commit whose checkpoint is not the stored one and writes nothing of it; the next goes on', async () => {
    const { file, rs } = open();
    await rs.reset('p', ['people'], { bulk: true });
    const refused = rs.commit('p', 3, -1, [put('a', 'Ann')]);
    const next = rs.commit('p', 0, -1, [put('b', 'Bea')]);
    await expect(refused).rejects.toBeInstanceOf(CheckpointConflictError);
    await next;
    expect(stored(file)).toEqual({ docs: [['b', '{"id":"b","name":"Bea"}']], checkpoint: -1 });
    await rs.close();
  });

  it('applies a commit of its own connection (a delete) after the writer thread’s commits before it', async () => {
    const { file, rs } = open();
    await rs.reset('p', ['people'], { bulk: true });
    const inserted = rs.commit('p', 0, -1, [put('a', 'Ann'), put('b', 'Bea')]);
    const deleted = rs.commit('p', -1, 2, [{ op: 'delete', collection: 'people', id: 'a' }]);
    await Promise.all([inserted, deleted]);
    expect(stored(file)).toEqual({ docs: [['b', '{"id":"b","name":"Bea"}']], checkpoint: 2 });
    await rs.close();
  });

  it('refuses a document it cannot serialise, writing nothing of that commit', async () => {
    const { file, rs } = open();
    await rs.reset('p', ['people'], { bulk: true });
    await expect(
      rs.commit('p', 0, 1, [put('a', 'Ann'), { op: 'put', collection: 'people', doc: { id: 'x', n: 1n } }]),
    ).rejects.toThrow(/BigInt/);
    expect(stored(file)).toEqual({ docs: [], checkpoint: undefined });
    await rs.close();
  });
});

describe("SQLite read store: a kept search's many matches copied for its pages", () => {
  it('pages a search asked again against a copy of its matches, right as documents change, and drops the copy', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'panda-rs-')), 'read.db');
    const rs = new SqliteReadStore(file);
    await rs.ensureIndexes('people', [searchIndex('name'), searchIndex('email'), 'age', 'name']);
    let docs = Array.from({ length: 2000 }, (_, k) => ({
      id: `p${k}`,
      name: `Person ${k}`,
      email: `p${k}@x.org`,
      age: k % 90,
    }));
    await rs.commit(
      'p',
      0,
      1,
      docs.map((doc) => ({ op: 'put' as const, collection: 'people', doc })),
    );
    // 1,111 matches of 2,000: too many to start a page from, so each row of the page's index is checked.
    const search = { $or: [{ name: { $contains: 'person 1' } }, { email: { $contains: 'person 1' } }] };
    const turn = () => new Promise((r) => setImmediate(r));
    const expected = (filter: Filter, sort: Record<string, 1 | -1>) =>
      docs
        .filter((d) => matches(d, filter))
        .sort(compareBy({ ...sort, id: Object.values(sort)[0] }))
        .slice(0, 51)
        .map((d) => d.id);
    const cases: [Filter, Record<string, 1 | -1>][] = [
      [search, { name: 1 }],
      [{ $and: [search, { age: { $lt: 45 } }] }, { age: -1 }],
      [{ $and: [search, { age: { $gte: 80 } }] }, { name: -1 }],
    ];
    const pages = async () => {
      for (const [filter, sort] of cases) {
        const found = (await rs.find('people', filter, { sort, limit: 51 })).map((d) => d.id);
        expect(found).toEqual(expected(filter, sort));
        expect((await rs.findText('people', filter, { sort, limit: 51 })).map((t) => JSON.parse(t).id)).toEqual(found);
      }
    };
    const copied = () => rs.findPlan('people', cases[0][0], cases[0][1], 51).some((l) => l.includes('kept_matches'));
    await pages();
    expect(rs.keptCopies()).toEqual({ searches: 0, rows: 0 });
    expect(copied()).toBe(false);
    await turn();
    // Asked again: its matches are copied, and the pages check each row against the copy.
    await pages();
    expect(rs.keptCopies()).toEqual({ searches: 1, rows: 1111 });
    expect(copied()).toBe(true);
    await turn();
    await pages();
    expect(rs.searchReads).toBe(1);
    // A match renamed away and a new one: read again, the old copy dropped; copied again when asked again.
    await rs.commit('p', 1, 2, [
      { op: 'put', collection: 'people', doc: { id: 'p1', name: 'Someone', email: 'someone@x.org', age: 1 } },
      { op: 'put', collection: 'people', doc: { id: 'q1', name: 'Person 1x', email: 'q1@x.org', age: 1 } },
    ]);
    docs = [
      ...docs.map((d) => (d.id === 'p1' ? { id: 'p1', name: 'Someone', email: 'someone@x.org', age: 1 } : d)),
      { id: 'q1', name: 'Person 1x', email: 'q1@x.org', age: 1 },
    ];
    await turn();
    await pages();
    expect(rs.searchReads).toBe(2);
    expect(rs.keptCopies()).toEqual({ searches: 0, rows: 0 });
    await turn();
    await pages();
    expect(rs.keptCopies()).toEqual({ searches: 1, rows: 1111 });
    // Other searches asked twice, until this one is let go with its copy (64 kept at most).
    for (let k = 0; k < 64; k++) {
      const other = { name: { $contains: `son ${k + 100}` } };
      await rs.find('people', other, { sort: { name: 1 }, limit: 5 });
      await turn();
    }
    expect(rs.keptCopies()).toEqual({ searches: 0, rows: 0 });
    await rs.close();
  });
});

describe('SQLite read store: a search paged in a kept order', () => {
  // 600 people: names with ties and some missing, days with ties, three roles; "student1" is in 111 e-mails.
  const person = (i: number, name: string | null = i % 50 === 7 ? null : `Name ${i % 37}`) => ({
    id: `p${String(i).padStart(3, '0')}`,
    name,
    email: `student${i}@x.test`,
    role: ['student', 'mentor', 'admin'][i % 3],
    created: `2026-01-${String(1 + (i % 28)).padStart(2, '0')}`,
  });
  const searched = (text: string): Filter => ({ $or: [{ name: { $contains: text } }, { email: { $contains: text } }] });
  /** Each case: a filter, its sort, and a page's limit (as a list asks: its first page, a later one's segments). */
  const cases = (text: string): [Filter, Record<string, 1 | -1>, number][] => [
    [searched(text), { created: -1 }, 21],
    [searched(text), { name: 1 }, 51],
    [searched(text), { created: 1 }, 5],
    [{ role: { $in: ['student', 'mentor'] }, ...searched(text) }, { name: 1 }, 21],
    [{ $and: [searched(text), { name: { $gt: 'Name 2' } }] }, { name: 1 }, 51],
    [{ $and: [searched(text), { name: 'Name 20', id: { $gt: 'p300' } }] }, { name: 1 }, 51],
    [{ $and: [searched(text), { created: { $lt: '2026-01-05' } }] }, { created: -1 }, 3],
  ];
  const put = (docs: Record<string, unknown>[]) =>
    docs.map((doc) => ({ op: 'put' as const, collection: 'people', doc: doc as { id: string } }));

  it('answers every page as SQLite orders it, as documents change by this connection or another', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'panda-rs-')), 'read.db');
    const [rs, other] = [new SqliteReadStore(file), new SqliteReadStore(file)];
    await rs.ensureIndexes('people', [searchIndex('name', 'email'), 'created', 'name', 'role+name']);
    let docs: Doc[] = Array.from({ length: 600 }, (_, i) => person(i));
    await rs.commit('p', 0, 1, put(docs));
    const agree = async (when: string) => {
      for (const text of ['student1', 'student59', 'name 3', 'x.test'])
        for (const [filter, sort, limit] of cases(text)) {
          const last = Object.values(sort)[0];
          const expected = docs
            .filter((d) => matches(d as never, filter))
            .sort(compareBy({ ...sort, id: last }))
            .slice(0, limit)
            .map((d) => d.id);
          const label = `${when}: ${JSON.stringify(filter)} by ${JSON.stringify(sort)}`;
          // Asked again and again, as a list's pages are: the order is kept once asked for enough of them.
          for (let ask = 0; ask < 4; ask++) {
            await new Promise((resolve) => setImmediate(resolve)); // a turn keeps its searches: each in one of its own
            expect(
              (await rs.find('people', filter, { sort, limit })).map((d) => d.id),
              label,
            ).toEqual(expected);
            const texts = await rs.findText('people', filter, { sort, limit });
            expect(
              texts.map((t) => (JSON.parse(t) as { id: string }).id),
              label,
            ).toEqual(expected);
          }
        }
    };
    await agree('at first');
    const made = rs.keptOrdersMade;
    expect(made).toBeGreaterThanOrEqual(3); // by creation either way, and by name
    // Another connection (the projections thread's) renames people to the head of the order, adds and deletes.
    const renamed = [person(10, 'Aaron'), person(111, 'Name 3'), person(112, null)];
    const added = [person(700), person(701, 'Name 1')];
    await other.commit('q', 0, 1, [...put([...renamed, ...added]), { op: 'delete', collection: 'people', id: 'p113' }]);
    docs = [...docs.filter((d) => !['p010', 'p111', 'p112', 'p113'].includes(d.id)), ...renamed, ...added];
    await agree('after another connection wrote');
    expect(rs.keptOrdersMade).toBeGreaterThan(made);
    // And this connection, a document moved to the end of the order.
    const moved = [{ ...person(15, 'Zed'), created: '2026-02-01' }];
    await rs.commit('p', 1, 2, put(moved));
    docs = docs.map((d) => (d.id === 'p015' ? moved[0] : d));
    await agree('after this connection wrote');
    await Promise.all([rs.close(), other.close()]);
  });

  it('keeps orders within its budget of rowids, letting go of the first asked for', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'panda-rs-'));
    const docs: Doc[] = Array.from({ length: 600 }, (_, i) => person(i));
    const pages = async (rs: SqliteReadStore, sort: Record<string, 1 | -1>) => {
      const filter = searched('student1');
      const expected = docs
        .filter((d) => matches(d as never, filter))
        .sort(compareBy({ ...sort, id: Object.values(sort)[0] }))
        .slice(0, 21)
        .map((d) => d.id);
      for (let ask = 0; ask < 4; ask++) {
        await new Promise((resolve) => setImmediate(resolve));
        expect((await rs.find('people', filter, { sort, limit: 21 })).map((d) => d.id)).toEqual(expected);
      }
      return [rs.keptOrdersMade, rs.keptRowids];
    };
    const made = async (rs: SqliteReadStore) => {
      await rs.ensureIndexes('people', [searchIndex('name', 'email'), 'created', 'name']);
      await rs.commit('p', 0, 1, put(docs));
      return [
        await pages(rs, { created: -1 }),
        await pages(rs, { name: 1 }),
        await pages(rs, { created: -1 }),
        await pages(rs, { name: 1 }),
      ];
    };
    // Room for one order of the 600 rows: each is made again once the other was.
    const small = new SqliteReadStore(join(dir, 'small.db'), { keptRowids: 1000 });
    expect(await made(small)).toEqual([
      [1, 600],
      [2, 600],
      [3, 600],
      [4, 600],
    ]);
    // The default budget keeps both.
    const large = new SqliteReadStore(join(dir, 'large.db'));
    expect(await made(large)).toEqual([
      [1, 600],
      [2, 1200],
      [2, 1200],
      [2, 1200],
    ]);
    await Promise.all([small.close(), large.close()]);
  });
});
