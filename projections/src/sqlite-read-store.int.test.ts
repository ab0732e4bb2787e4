import Database from 'better-sqlite3';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SqliteEventStore } from '@panda/events/sqlite-event-store';
import type { Projection } from './projection';
import { readStoreContract } from './read-store.contract';
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
