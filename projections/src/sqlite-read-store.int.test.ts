import Database from 'better-sqlite3';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SqliteEventStore } from '@panda/events/sqlite-event-store';
import type { Projection } from './projection';
import { readStoreContract } from './read-store.contract';
import { CheckpointConflictError, matches, searchIndex, type Filter } from './read-store';
import { compareBy } from './testing/store-rules';
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
    expect(await ids(anyOf(['email', 'city'], 'bobby'))).toEqual([]);
    expect(await ids(anyOf(['name', 'email', 'city'], 'bob'))).toEqual(['x', 'z']);
    expect(await ids({ email: { $contains: 'bob' } })).toEqual(['x']);
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
});

describe('SQLite read store: searches', () => {
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
      expect(await rs.count('students', filter)).toBe(docs.filter((d) => matches(d, filter)).length);
    }
    expect((await rs.find('students', { id: { $in: ids }, centre_id: 'c0' })).map((d) => d.id)).toEqual([
      's0',
      's2',
      's4',
      's1998',
    ]);
    expect(await rs.count('students', { id: { $in: ids }, centre_id: 'c1' })).toBe(1);
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
