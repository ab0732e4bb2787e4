import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { createServer, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startChildServer } from './testing/child-server';
import { SqliteEventStore } from '@panda/events/sqlite-event-store';
import { SqliteReadStore } from '@panda/projections/sqlite-read-store';
import { reactorCheckpointName } from '@panda/reactors/shared/reactor';
import { MAIL_REACTOR } from '@panda/reactors/notifications/mail';

const children: ChildProcess[] = [];
const sockets: Socket[] = [];
afterAll(() => {
  children.forEach((c) => c.kill('SIGKILL'));
  sockets.forEach((s) => s.destroy());
});

const startServer = (dataDir: string, env: Record<string, string> = {}) =>
  startChildServer(dataDir, { JWT_SECRET: 'mail-crash-secret-mail-crash-secret-1', SMTP_URL: '', ...env }, children);

const post = (url: string, path: string, body: unknown) =>
  fetch(`${url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
const outbox = (dataDir: string, to: string) => {
  try {
    return readdirSync(join(dataDir, 'outbox'))
      .filter((f) => f.endsWith('.eml'))
      .map((f) => readFileSync(join(dataDir, 'outbox', f), 'utf8'))
      .filter((m) => m.includes(`To: ${to}`));
  } catch {
    return [];
  }
};

describe('the mail reactor across a crash', () => {
  it('a server killed after the append and before the mail went out sends exactly one mail after restart', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'panda-mail-crash-'));
    // An SMTP server that accepts connections and never answers: the reactor is stuck sending.
    let connections = 0;
    const smtp = createServer((socket) => {
      connections++;
      sockets.push(socket);
    });
    await new Promise<void>((r) => smtp.listen(0, '127.0.0.1', () => r()));
    const smtpUrl = `smtp://127.0.0.1:${(smtp.address() as AddressInfo).port}`;

    const email = 'forgetful@crash.test';
    const first = await startServer(dataDir, { SMTP_URL: smtpUrl });
    expect(
      (
        await post(first.url, '/api/auth/signup', {
          First_Name: 'Fay',
          Last_Name: 'Forget',
          Email: email,
          Password: 'crash-pass-1',
          Role: 'mentor',
        })
      ).status,
    ).toBe(201);
    expect((await post(first.url, '/api/auth/forgot-password', { email })).status).toBe(200);
    // The reset is appended and the reactor has begun to send: kill the process now.
    await expect.poll(() => connections, { timeout: 20_000, interval: 20 }).toBeGreaterThan(0);
    first.child.kill('SIGKILL');
    await first.exited;
    smtp.close();
    const store = new SqliteEventStore(join(dataDir, 'events.db'));
    const resets = (await store.readAll(0, 1000)).filter((e) => e.type === 'PasswordReset');
    await store.close();
    expect(resets).toHaveLength(1);
    expect(JSON.stringify(resets[0].data)).not.toMatch(/"temporaryPassword"\s*:/);
    expect(outbox(dataDir, email)).toEqual([]);

    // Restarted with the outbox (no SMTP): the reactor resumes from its checkpoint and sends it.
    const second = await startServer(dataDir);
    await expect.poll(() => outbox(dataDir, email).length, { timeout: 20_000, interval: 50 }).toBe(1);
    const temporary = /Temporary password: (\S+)/.exec(outbox(dataDir, email)[0])![1];
    expect((await post(second.url, '/api/auth/signin', { Email: email, Password: temporary })).status).toBe(200);
    // Wait until the mail reactor has recorded it past the reset, then restart once more.
    const checkpoint = async () => {
      const rs = new SqliteReadStore(join(dataDir, 'read-models.db'));
      try {
        return await rs.checkpoint(reactorCheckpointName(MAIL_REACTOR));
      } finally {
        await rs.close();
      }
    };
    await expect.poll(checkpoint, { timeout: 20_000, interval: 50 }).toBeGreaterThanOrEqual(resets[0].position);
    second.child.kill('SIGKILL');
    await second.exited;
    const third = await startServer(dataDir);
    expect((await fetch(`${third.url}/api/health`)).status).toBe(200);
    third.child.kill('SIGTERM');
    await third.exited;
    expect(outbox(dataDir, email)).toHaveLength(1);
  });
});
