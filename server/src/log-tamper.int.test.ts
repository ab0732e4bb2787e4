import Database from 'better-sqlite3';
import { copyFileSync, existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { healthResponse } from '@panda/contracts/accounts';
import { startTestApp } from './testing/harness';

/**
 * docs/rules.md#never-rechain: a server never starts on an altered log, and never chains an event
 * without a hash onto it. Each test alters a COPY of a log the product wrote.
 */
let original: string;
let head = 0;

beforeAll(async () => {
  const app = await startTestApp();
  await app.signUp('mentor', 'm1@tamper.test');
  await app.signUp('training_centre', 'c1@tamper.test');
  await app.signUp('mentor', 'm2@tamper.test');
  head = await app.platform.store.headPosition();
  original = app.dataDir;
  await app.stop();
}, 60_000);

/** A fresh data folder holding a copy of the original log (its read models are built again from it). */
function copyOfLog(): { dir: string; file: string } {
  const dir = mkdtempSync(join(tmpdir(), 'panda-tamper-'));
  const file = join(dir, 'events.db');
  copyFileSync(join(original, 'events.db'), file);
  for (const side of ['-wal', '-shm'])
    if (existsSync(join(original, `events.db${side}`)))
      copyFileSync(join(original, `events.db${side}`), `${file}${side}`);
  return { dir, file };
}

function alter(file: string, sql: string) {
  const db = new Database(file);
  db.exec(sql);
  db.close();
}

async function startRefused(dir: string): Promise<string> {
  let app: Awaited<ReturnType<typeof startTestApp>>;
  try {
    app = await startTestApp({ dataDir: dir });
  } catch (err) {
    return (err as Error).message;
  }
  await app.stop();
  throw new Error('the server started on an altered log');
}

describe('a server on an altered copy of its log', () => {
  it('starts on the unaltered copy and its background re-hash passes', async () => {
    expect(head).toBeGreaterThan(6);
    const { dir } = copyOfLog();
    const app = await startTestApp({ dataDir: dir });
    try {
      expect(await app.platform.verification()!.done).toEqual({ state: 'passed', failed_at: null });
      const health = healthResponse.parse((await app.call('GET', '/api/health')).body);
      expect(health.log_verification).toEqual({ state: 'passed', failed_at: null });
    } finally {
      await app.stop();
    }
  });

  it('refuses to start when a field of an event was edited, naming the position and what to run', async () => {
    const { dir, file } = copyOfLog();
    alter(file, `UPDATE events SET time = '2020-01-01T00:00:00.000Z' WHERE position = 4`);
    const message = await startRefused(dir);
    expect(message).toContain('failed verification at position 4');
    expect(message).toContain('npm run verify-log');
  });

  it('refuses to start when an event was deleted', async () => {
    const { dir, file } = copyOfLog();
    alter(file, 'DELETE FROM events WHERE position = 3');
    expect(await startRefused(dir)).toContain('position 4 (missing_or_reordered)');
  });

  it('refuses to start when two events were swapped', async () => {
    const { dir, file } = copyOfLog();
    alter(
      file,
      'UPDATE events SET position = -2 WHERE position = 2; UPDATE events SET position = 2 WHERE position = 5; UPDATE events SET position = 5 WHERE position = -2;',
    );
    expect(await startRefused(dir)).toContain('position 2 (missing_or_reordered)');
  });

  it('refuses to start when one hash was set to NULL, and leaves the log as it found it', async () => {
    const { dir, file } = copyOfLog();
    alter(file, `UPDATE events SET data = json_set(data, '$.Altered', 1), hash = NULL WHERE position = 3`);
    expect(await startRefused(dir)).toContain('position 3 (unchained)');
    const db = new Database(file, { readonly: true });
    const rows = db.prepare('SELECT position FROM events WHERE hash IS NULL').all();
    db.close();
    // Not chained again: the NULL is still there for an auditor to see.
    expect(rows).toEqual([{ position: 3 }]);
  });

  it('refuses to start when a forged event was inserted with NULL hashes', async () => {
    const { dir, file } = copyOfLog();
    alter(
      file,
      `INSERT INTO events (event_id, stream, version, type, data, time, actor_id, correlation_id, command_id)
       VALUES ('forged-1', 'account-forged', 0, 'JobCardSigned', '{}', '2026-01-01T00:00:00.000Z', NULL, 'c', 'k')`,
    );
    expect(await startRefused(dir)).toContain(`position ${head + 1} (unchained)`);
  });
});
