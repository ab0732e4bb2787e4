import type { ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startChildServer } from './testing/child-server';
import { SqliteEventStore } from '@panda/events/sqlite-event-store';
import { SqliteReadStore } from '@panda/projections/sqlite-read-store';
import { ProjectionRunner } from '@panda/projections/runner';
import { allProjections } from './projections';

const children: ChildProcess[] = [];
afterAll(() => children.forEach((c) => c.kill('SIGKILL')));

const startServer = (dataDir: string, env: Record<string, string> = {}) =>
  startChildServer(dataDir, { JWT_SECRET: 'crash-test-secret-crash-test-secret-123', ...env }, children);

const signUp = (url: string, email: string) =>
  fetch(`${url}/api/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      First_Name: 'Kill',
      Last_Name: 'Test',
      Email: email,
      Password: 'crash-pass-1',
      Role: 'mentor',
    }),
  });

describe('a server killed with SIGKILL in the middle of concurrent sign-ups', () => {
  it('loses no acknowledged sign-up, and after restart its read models equal a full rebuild', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'panda-crash-'));
    const first = await startServer(dataDir);
    const acknowledged: string[] = [];
    let attempted = 0;
    let killed = false;
    const worker = async (w: number) => {
      for (let i = 0; !killed; i++) {
        const email = `w${w}-${i}@crash.test`;
        attempted++;
        try {
          const r = await signUp(first.url, email);
          if (r.status === 201) acknowledged.push(email);
        } catch {
          return; // connection reset by the kill
        }
      }
    };
    const workers = Array.from({ length: 12 }, (_, w) => worker(w));
    // Kill once plenty have been acknowledged, while many more are in flight.
    while (acknowledged.length < 60) await new Promise((r) => setTimeout(r, 5));
    first.child.kill('SIGKILL');
    killed = true;
    await first.exited;
    await Promise.all(workers);
    expect(attempted).toBeGreaterThan(acknowledged.length);

    const second = await startServer(dataDir);
    for (const email of acknowledged) {
      const r = await fetch(`${second.url}/api/auth/signin`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ Email: email, Password: 'crash-pass-1' }),
      });
      expect(r.status, `acknowledged sign-up ${email} must survive`).toBe(200);
    }
    // Wait until the restarted runner has caught up with the whole log, then stop it.
    const head = await (async () => {
      const s = new SqliteEventStore(join(dataDir, 'events.db'));
      const h = await s.headPosition();
      await s.close();
      return h;
    })();
    await expect
      .poll(async () => ((await (await fetch(`${second.url}/api/health`)).json()) as { position: number }).position, {
        timeout: 20_000,
        interval: 50,
      })
      .toBeGreaterThanOrEqual(head);
    second.child.kill('SIGTERM');
    await second.exited;

    // Rebuild every read model from the log into a fresh store and compare document by document.
    const store = new SqliteEventStore(join(dataDir, 'events.db'));
    const live = new SqliteReadStore(join(dataDir, 'read-models.db'));
    const rebuilt = new SqliteReadStore(join(dataDir, 'rebuilt.db'));
    const runner = new ProjectionRunner(store, rebuilt, allProjections);
    await runner.init();
    await runner.catchUp();
    for (const p of allProjections) {
      expect(await live.checkpoint(p.name)).toBe(await rebuilt.checkpoint(p.name));
      for (const collection of Object.keys(p.collections)) {
        const a = await live.find(collection, {}, { sort: { id: 1 } });
        const b = await rebuilt.find(collection, {}, { sort: { id: 1 } });
        expect(a.length, `${collection} size`).toBe(b.length);
        expect(a, collection).toEqual(b);
      }
    }
    expect(await live.count('accounts', { role: 'mentor' })).toBeGreaterThanOrEqual(acknowledged.length);
    await Promise.all([store.close(), live.close(), rebuilt.close()]);
  });
});
