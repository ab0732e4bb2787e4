import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SqliteEventStore } from '@panda/events/sqlite-event-store';
import type { EventStore } from '@panda/events/event-store';
import { startTestApp, TEST_PASSWORD, type TestApp } from '@panda/server/testing/harness';

/** The embedded store with a few ms of latency on every call, as a networked store (KurrentDB) has. */
function slow(store: EventStore): EventStore {
  const pause = () => new Promise((r) => setTimeout(r, 1 + Math.random() * 4));
  return {
    append: async (...a) => (await pause(), store.append(...a)),
    readStream: async (s) => (await pause(), store.readStream(s)),
    readAll: (after, limit) => store.readAll(after, limit),
    headPosition: () => store.headPosition(),
    waitForAppend: (after, ms, signal) => store.waitForAppend(after, ms, signal),
    verifyChain: () => store.verifyChain(),
    close: () => store.close(),
  };
}

let app: TestApp;
beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'panda-claims-'));
  app = await startTestApp({ dataDir: dir, overrides: { store: slow(new SqliteEventStore(join(dir, 'events.db'))) } });
});
afterAll(async () => {
  await app.stop();
});

const body = (email: string) => ({
  First_Name: 'Ray',
  Last_Name: 'Race',
  Email: email,
  Password: TEST_PASSWORD,
  Role: 'mentor',
});

describe('email claims on a store with latency', () => {
  it('give exactly one account to concurrent sign-ups with the same email', async () => {
    for (let round = 0; round < 3; round++) {
      const email = `race${round}@latency.test`;
      const results = await Promise.all(
        Array.from({ length: 6 }, () => app.call('POST', '/api/auth/signup', body(email))),
      );
      expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409, 409]);
      const claims = (await app.platform.store.readStream(`email-${email}`)).filter((e) => e.type === 'EmailClaimed');
      expect(claims).toHaveLength(1);
    }
  });

  it('treat the same Idempotency-Key with another request as another command', async () => {
    const admin = await app.adminToken();
    const { user } = await app.signUp('mentor', 'key-reuse@latency.test');
    const key = 'reused-key-123';
    const lock = await app.call('PATCH', `/api/admin/users/mentor/${user.id}/lock`, { is_locked: true }, admin, {
      'Idempotency-Key': key,
    });
    const unlock = await app.call('PATCH', `/api/admin/users/mentor/${user.id}/lock`, { is_locked: false }, admin, {
      'Idempotency-Key': key,
    });
    expect(lock.status).toBe(200);
    expect(unlock.status).toBe(200);
    expect((await app.platform.readStore.get('accounts', user.id))?.locked).toBe(false);
    // The very same request again is a retry: nothing new is recorded.
    const head = await app.platform.store.headPosition();
    await app.call('PATCH', `/api/admin/users/mentor/${user.id}/lock`, { is_locked: false }, admin, {
      'Idempotency-Key': key,
    });
    expect(await app.platform.store.headPosition()).toBe(head);
  });
});
