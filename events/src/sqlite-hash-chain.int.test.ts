import Database from 'better-sqlite3';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CONTENT_SQL, SqliteEventStore, fieldsOf, type Row } from './sqlite-event-store';
import { GENESIS_HASH, contentText, linkAfter } from './hash-chain';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const tempFile = () => join(mkdtempSync(join(tmpdir(), 'panda-chain-')), 'events.db');
const meta = (i: number) => ({
  time: `2026-03-01T10:00:0${i % 10}.000Z`,
  actorId: 'a1',
  correlationId: `c${i}`,
  commandId: `k${i}`,
});

/** A log of `n` events on two streams, closed again. */
async function makeLog(n = 6): Promise<string> {
  const file = tempFile();
  const store = new SqliteEventStore(file);
  for (let i = 1; i <= n; i++) await store.append(`s${i % 2}`, [{ type: 'Happened', data: { n: i } }], 'any', meta(i));
  await store.close();
  return file;
}

async function verify(file: string) {
  const store = new SqliteEventStore(file);
  try {
    return await store.verifyChain();
  } finally {
    await store.close();
  }
}

const edit = (file: string, sql: string) => {
  const db = new Database(file);
  db.exec(sql);
  db.close();
};

const verifyLog = (file: string) =>
  spawnSync(process.execPath, ['--import', 'tsx', 'scripts/verify-log.ts', file], { cwd: ROOT, encoding: 'utf8' });

describe('SQLite event log hash chain', () => {
  it('chains every append inside its transaction and verifies, online and offline', async () => {
    const file = await makeLog();
    const report = await verify(file);
    expect(report).toMatchObject({ ok: true, events: 6, first_bad_position: null });
    const store = new SqliteEventStore(file);
    const all = await store.readAll(0, 100);
    await store.close();
    expect(all[0].chain?.prevHash).toBe(GENESIS_HASH);
    expect(all[1].chain?.prevHash).toBe(all[0].chain?.hash);
    expect(report.head_hash).toBe(all[5].chain?.hash);
    const offline = verifyLog(file);
    expect(offline.status).toBe(0);
    expect(offline.stdout).toContain(report.head_hash);
  });

  it('detects an event altered in the file at its position, and verify-log exits non-zero printing it', async () => {
    const file = await makeLog();
    edit(file, `UPDATE events SET data = '{"n":40}' WHERE position = 4`);
    expect(await verify(file)).toMatchObject({ ok: false, first_bad_position: 4, fault: 'altered', events: 4 });
    const offline = verifyLog(file);
    expect(offline.status).toBe(1);
    expect(offline.stderr).toContain('FAILED at position 4');
  });

  it('detects a deleted event (at the one after it) and reordered events', async () => {
    const deleted = await makeLog();
    edit(deleted, 'DELETE FROM events WHERE position = 3');
    expect(await verify(deleted)).toMatchObject({ ok: false, first_bad_position: 4, fault: 'missing_or_reordered' });
    expect(verifyLog(deleted).status).toBe(1);

    const swapped = await makeLog();
    // Swap the rows at positions 2 and 5 (their content, with the hashes stored beside it).
    edit(
      swapped,
      'UPDATE events SET position = -2 WHERE position = 2; UPDATE events SET position = 2 WHERE position = 5; UPDATE events SET position = 5 WHERE position = -2;',
    );
    expect(await verify(swapped)).toMatchObject({ ok: false, first_bad_position: 2, fault: 'missing_or_reordered' });
    expect(verifyLog(swapped).status).toBe(1);
  });

  it('never chains an event without a hash onto a chained log: opening it reports the NULL instead', async () => {
    const file = await makeLog();
    edit(file, `UPDATE events SET data = '{"n":40}', hash = NULL WHERE position = 3`);
    const store = new SqliteEventStore(file);
    try {
      expect(store.migratedOnOpen).toBe(0);
      expect(await store.checkAtStart()).toEqual({ ok: false, position: 3, fault: 'unchained' });
      expect(await store.verifyChain()).toMatchObject({ ok: false, first_bad_position: 3, fault: 'unchained' });
    } finally {
      await store.close();
    }
    expect(verifyLog(file).status).toBe(1);
  });

  it('chains a log written before the chain existed as it is, once, then keeps chaining new appends', async () => {
    const file = tempFile();
    // A log from before docs/rules.md#hash-chain: the old table, no hash columns.
    const db = new Database(file);
    db.exec(`CREATE TABLE events (position INTEGER PRIMARY KEY AUTOINCREMENT, event_id TEXT NOT NULL UNIQUE, stream TEXT NOT NULL, version INTEGER NOT NULL,
      type TEXT NOT NULL, data TEXT NOT NULL, time TEXT NOT NULL, actor_id TEXT, correlation_id TEXT NOT NULL, command_id TEXT, UNIQUE (stream, version))`);
    const ins = db.prepare(
      'INSERT INTO events (event_id, stream, version, type, data, time, actor_id, correlation_id, command_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
    );
    for (let i = 1; i <= 3; i++) ins.run(`old-${i}`, 'legacy', i - 1, 'Old', `{ "n" : ${i} }`, 't', null, 'c', `k${i}`);
    db.close();
    expect(verifyLog(file).status).toBe(1);

    const out = execFileSync(process.execPath, ['--import', 'tsx', 'scripts/migrate-hash-chain.ts', file], {
      cwd: ROOT,
      encoding: 'utf8',
    });
    expect(out).toContain('3 events chained now');
    const again = execFileSync(process.execPath, ['--import', 'tsx', 'scripts/migrate-hash-chain.ts', file], {
      cwd: ROOT,
      encoding: 'utf8',
    });
    expect(again).toContain('0 events chained now');

    const store = new SqliteEventStore(file);
    expect(store.migratedOnOpen).toBe(0);
    await store.append('new', [{ type: 'New', data: {} }], 'no_stream', meta(1));
    const all = await store.readAll(0, 10);
    expect(all.map((e) => e.data)).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }, {}]);
    expect(all[3].chain?.prevHash).toBe(all[2].chain?.hash);
    expect(await store.verifyChain()).toMatchObject({ ok: true, events: 4 });
    await store.close();
    expect(verifyLog(file).status).toBe(0);
  });

  it('leaves no copy of the events it chained at open in the WAL', async () => {
    const file = tempFile();
    const db = new Database(file);
    db.pragma('journal_mode = WAL');
    db.exec(`CREATE TABLE events (position INTEGER PRIMARY KEY AUTOINCREMENT, event_id TEXT NOT NULL UNIQUE, stream TEXT NOT NULL, version INTEGER NOT NULL,
      type TEXT NOT NULL, data TEXT NOT NULL, time TEXT NOT NULL, actor_id TEXT, correlation_id TEXT NOT NULL, command_id TEXT, UNIQUE (stream, version))`);
    const ins = db.prepare(
      'INSERT INTO events (event_id, stream, version, type, data, time, actor_id, correlation_id, command_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
    );
    db.transaction(() => {
      for (let i = 1; i <= 2000; i++)
        ins.run(`old-${i}`, `s${i % 50}`, Math.floor(i / 50), 'Old', `{"n":${i}}`, 't', null, 'c', `k${i}`);
    })();
    db.pragma('wal_checkpoint(TRUNCATE)');
    db.close();

    const store = new SqliteEventStore(file);
    expect(store.migratedOnOpen).toBe(2000);
    // Rewriting 2,000 events with their hashes took hundreds of pages of WAL; they are in the file now.
    expect(statSync(`${file}-wal`).size).toBe(0);
    expect(await store.verifyChain()).toMatchObject({ ok: true, events: 2000 });
    await store.append('new', [{ type: 'New', data: {} }], 'no_stream', meta(1));
    expect(await store.verifyChain()).toMatchObject({ ok: true, events: 2001 });
    await store.close();
  });

  it("writes an event's content text in SQL exactly as contentText does, for every character", async () => {
    const file = tempFile();
    const store = new SqliteEventStore(file);
    const chars: string[] = [];
    for (let c = 0; c <= 0x10ffff; c++) if (c < 0xd800 || c > 0xdfff) chars.push(String.fromCodePoint(c));
    // In pieces of 65,536 characters (an append is at most 1 MB), in every field SQLite quotes.
    for (let i = 0; i * 65_536 < chars.length; i++) {
      const text = chars.slice(i * 65_536, (i + 1) * 65_536).join('');
      await store.append(`s${i}${text.slice(0, 40)}`, [{ type: `T${text.slice(40, 80)}`, data: { text } }], 'any', {
        ...meta(i),
        actorId: text,
      });
    }
    expect(await store.verifyChain()).toMatchObject({ ok: true, events: 17 });
    await store.close();
    const db = new Database(file, { readonly: true });
    const rows = db.prepare(`SELECT *, ${CONTENT_SQL} AS content FROM events`).all() as (Row & { content: string })[];
    db.close();
    for (const r of rows) expect(r.content === contentText(fieldsOf(r), r.data)).toBe(true);
  });

  it('checks an event SQLite writes otherwise (a version of 1e20) by contentText: passes unaltered, fails altered', async () => {
    const file = await makeLog(3);
    const store = new SqliteEventStore(file);
    const head = (await store.readAll(2, 1))[0].chain!.hash;
    await store.close();
    const fields = { ...meta(4), eventId: 'e4', stream: 'odd', streamVersion: 1e20, type: 'Happened' };
    const link = linkAfter(head, fields, '{"n":4}');
    const db = new Database(file);
    db.prepare(
      `INSERT INTO events (event_id, stream, version, type, data, time, actor_id, correlation_id, command_id, content_hash, prev_hash, hash)
       VALUES ('e4', 'odd', 1e20, 'Happened', '{"n":4}', ?, ?, ?, ?, ?, ?, ?)`,
    ).run(
      fields.time,
      fields.actorId,
      fields.correlationId,
      fields.commandId,
      link.contentHash,
      link.prevHash,
      link.hash,
    );
    db.close();
    expect(await verify(file)).toMatchObject({ ok: true, events: 4 });
    edit(file, `UPDATE events SET data = '{"n":40}' WHERE position = 4`);
    expect(await verify(file)).toMatchObject({ ok: false, first_bad_position: 4, fault: 'altered', events: 4 });
  });

  it('re-hashes in pages with a turn of the event loop between them, so a server answers meanwhile', async () => {
    const store = new SqliteEventStore(':memory:');
    try {
      for (let i = 0; i < 3000; i += 100)
        await store.append(
          `s${i}`,
          Array.from({ length: 100 }, (_, k) => ({ type: 'Happened', data: { n: i + k } })),
          'any',
          meta(i),
        );
      let turns = 0;
      let verifying = true;
      const turn = () => {
        if (!verifying) return;
        turns += 1;
        setImmediate(turn);
      };
      setImmediate(turn);
      const report = await store.verifyChain();
      verifying = false;
      expect(report).toMatchObject({ ok: true, events: 3000 });
      // Three pages of 1,000 events: a turn after each.
      expect(turns).toBeGreaterThanOrEqual(3);
    } finally {
      await store.close();
    }
  });
});
