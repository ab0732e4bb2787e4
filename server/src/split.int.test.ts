import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { loadConfig } from '@panda/platform/config';
import { createLogger } from '@panda/platform/logger';
import { startPlatform, type Platform } from './platform';

/** The parts as `start:command`, `start:query` and `start:projections` run them: separate platforms sharing only DATA_DIR. */
describe('command, query and projection services as separate parts', () => {
  const started: Platform[] = [];
  afterAll(async () => {
    for (const p of started.reverse()) await p.stop();
  });

  it('serve a sign-up, its read-your-writes query and its live push across the parts', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'panda-split-'));
    const config = () =>
      loadConfig({
        DATA_DIR: dir,
        PORT: '0',
        LOG_LEVEL: 'silent',
        JWT_SECRET: 'split-secret-split-secret-split-secret-1',
      });
    const logger = createLogger('silent');
    const mails = { send: async () => {} };
    const projections = await startPlatform(
      config(),
      { commands: false, queries: false, projections: true, web: false },
      { logger, mailer: mails },
    );
    started.push(projections);
    const command = await startPlatform(
      config(),
      { commands: true, queries: false, projections: false, web: false },
      { logger, mailer: mails },
    );
    started.push(command);
    const query = await startPlatform(
      config(),
      { commands: false, queries: true, projections: false, web: false },
      { logger, mailer: mails },
    );
    started.push(query);

    const signUp = await fetch(`${command.url}/api/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        First_Name: 'Sam',
        Last_Name: 'Split',
        Email: 'sam@split.test',
        Password: 'split-pass-1',
        Role: 'mentor',
      }),
    });
    expect(signUp.status).toBe(201);
    const { token, user, position } = (await signUp.json()) as {
      token: string;
      user: { id: string };
      position: number;
    };

    // The command service does not answer queries, the query service does not take commands.
    expect(
      (await fetch(`${command.url}/api/auth/validate`, { headers: { authorization: `Bearer ${token}` } })).status,
    ).toBe(404);
    expect((await fetch(`${query.url}/api/auth/signin`, { method: 'POST' })).status).toBe(404);

    const validate = await fetch(`${query.url}/api/auth/validate`, {
      headers: { authorization: `Bearer ${token}`, 'X-Min-Position': String(position) },
    });
    expect(validate.status).toBe(200);

    // Live push through the change feed the projection process writes.
    const ws = new WebSocket(`${query.url.replace('http', 'ws')}/ws/${user.id}?token=${token}`);
    const messages: { type: string; collection?: string }[] = [];
    ws.on('message', (m) => messages.push(JSON.parse(m.toString())));
    await new Promise((r) => ws.once('open', r));
    // Give the feed its starting point, then change something the user may see.
    ws.send(JSON.stringify({ type: 'ping' }));
    await expect.poll(() => messages.some((m) => m.type === 'pong')).toBe(true);
    await expect
      .poll(
        async () =>
          (await fetch(`${query.url}/api/health`).then((r) => r.json() as Promise<{ position: number }>)).position,
      )
      .toBeGreaterThanOrEqual(position);
    const change = await fetch(`${command.url}/api/change-password`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({
        currentPassword: 'split-pass-1',
        newPassword: 'split-pass-2',
        confirmPassword: 'split-pass-2',
      }),
    });
    expect(change.status).toBe(200);
    await expect
      .poll(() => messages.some((m) => m.type === 'changed' && m.collection === 'accounts'), { timeout: 5000 })
      .toBe(true);
    ws.close(1000);
  });
});
