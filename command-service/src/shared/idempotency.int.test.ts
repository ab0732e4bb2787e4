import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountStream } from '@panda/events/catalogue/accounts';
import { provisionAdmin } from '@panda/server/provision';
import { startTestApp, type TestApp } from '@panda/server/testing/harness';

let app: TestApp;
let first: string;
let second: string;
let secondId: string;
beforeAll(async () => {
  app = await startTestApp({ env: { SEED_DEMO: '0' } });
  first = await app.adminToken();
  await provisionAdmin(app.platform.commandDeps, 'second-admin@test.panda', 'second-admin-pass-1', 'Second', 'Admin');
  const r = await app.call('POST', '/api/admin/auth/signin', {
    email: 'second-admin@test.panda',
    password: 'second-admin-pass-1',
  });
  expect(r.status).toBe(200);
  ({
    token: second,
    user: { id: secondId },
  } = r.body);
});
afterAll(async () => {
  await app.stop();
});

const lock = (id: string, token: string, key: string, is_locked = true) =>
  app.call('PATCH', `/api/admin/users/mentor/${id}/lock`, { is_locked }, token, { 'Idempotency-Key': key });

describe('Idempotency-Key replays are scoped to the caller who made them', () => {
  it('the same caller retrying with the same key gets the first answer and appends nothing', async () => {
    const { user } = await app.signUp('mentor', 'idem-same@example.com');
    const once = await lock(user.id, first, 'same-caller-key-1');
    expect(once.status).toBe(200);
    const events = (await app.platform.store.readStream(accountStream(user.id))).length;
    const again = await lock(user.id, first, 'same-caller-key-1');
    expect(again.status).toBe(200);
    expect(again.body.position).toBe(once.body.position);
    expect((await app.platform.store.readStream(accountStream(user.id))).length).toBe(events);
  });

  it("another account reusing the key is not answered with the first caller's result, and its command is carried out", async () => {
    const { user } = await app.signUp('mentor', 'idem-other@example.com');
    const byFirst = await lock(user.id, first, 'shared-key-0001');
    expect(byFirst.status).toBe(200);
    expect((await lock(user.id, first, 'unlock-key-0001', false)).body.account_locked).toBe(false);

    // The second admin happens to send the same key with the same request.
    const bySecond = await lock(user.id, second, 'shared-key-0001');
    expect(bySecond.status).toBe(200);
    expect(bySecond.body.account_locked).toBe(true);
    expect(bySecond.body.position).toBeGreaterThan(byFirst.body.position);
    const locks = (await app.platform.store.readStream(accountStream(user.id))).filter(
      (e) => e.type === 'AccountLocked',
    );
    const firstId = (await app.call('GET', '/api/auth/validate', undefined, first)).body.user.id;
    expect(locks.map((e) => e.actorId)).toEqual([firstId, secondId]);
  });
});
