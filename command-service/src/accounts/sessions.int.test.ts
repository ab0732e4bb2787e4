import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startTestApp, TEST_ADMIN, TEST_PASSWORD, type TestApp } from '@panda/server/testing/harness';
import { TEMPORARY_PASSWORD_EXPIRED } from './decider';
import { uniqueEmail, type Login } from '../admin/test-fixtures';
import { registeredStudent, vettedCentre } from '../training/test-fixtures';

/** docs/rules.md#server-sessions: sessions end on the server; a temporary password opens nothing but the password change. */

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ env: { SEED_DEMO: '0' } });
});
afterAll(async () => {
  await app.stop();
});

const validate = async (token: string) => (await app.call('GET', '/api/auth/validate', undefined, token)).status;
const change = (token: string, from: string, to: string) =>
  app.call('PUT', '/api/change-password', { currentPassword: from, newPassword: to, confirmPassword: to }, token);

function openSocket(userId: string, token: string) {
  return new Promise<{ ws: WebSocket; closed: Promise<{ code: number; reason: string }>; messages: unknown[] }>(
    (resolve, reject) => {
      const ws = new WebSocket(`${app.url.replace('http', 'ws')}/ws/${userId}?token=${token}`);
      const messages: unknown[] = [];
      const closed = new Promise<{ code: number; reason: string }>((r) =>
        ws.on('close', (code, reason) => r({ code, reason: reason.toString() })),
      );
      ws.on('message', (m) => messages.push(JSON.parse(m.toString())));
      ws.on('open', () => resolve({ ws, closed, messages }));
      ws.on('error', reject);
    },
  );
}

async function pong(conn: Awaited<ReturnType<typeof openSocket>>) {
  conn.ws.send(JSON.stringify({ type: 'ping' }));
  await expect.poll(() => conn.messages).toContainEqual({ type: 'pong' });
}

describe('POST /api/auth/logout', () => {
  it('ends that token only: it is refused afterwards, another device stays signed in', async () => {
    const email = uniqueEmail('logout');
    const first = await app.signUp('mentor', email);
    const second = await app.signIn(email);
    const r = await app.call('POST', '/api/auth/logout', undefined, first.token);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ message: 'Logged out successfully' });
    expect(r.body.position).toBeGreaterThan(0);
    expect(await validate(first.token)).toBe(401);
    expect((await app.call('GET', '/api/profile', undefined, first.token)).status).toBe(401);
    expect((await app.call('POST', '/api/auth/logout', undefined, first.token)).status).toBe(401);
    expect(await validate(second.token)).toBe(200);
    // Recorded as an event on the account stream.
    const events = await app.platform.store.readStream(`account-${first.user.id}`);
    expect(events.filter((e) => e.type === 'SessionEnded')).toHaveLength(1);
  });

  it('needs a token', async () => {
    expect((await app.call('POST', '/api/auth/logout')).status).toBe(401);
    expect((await app.call('POST', '/api/auth/logout', undefined, 'not-a-token')).status).toBe(401);
  });

  it("closes that token's WebSocket with 4001 and leaves the other device's open", async () => {
    const email = uniqueEmail('logout-ws');
    const first = await app.signUp('mentor', email);
    const second = await app.signIn(email);
    const a = await openSocket(first.user.id, first.token);
    const b = await openSocket(second.user.id, second.token);
    await app.call('POST', '/api/auth/logout', undefined, first.token);
    expect((await a.closed).code).toBe(4001);
    await pong(b);
    expect(b.ws.readyState).toBe(WebSocket.OPEN);
    b.ws.close(1000);
  });
});

describe('password change and reset end every earlier session', () => {
  it('change: every earlier token is refused; the answer carries a fresh token that works', async () => {
    const email = uniqueEmail('change');
    const first = await app.signUp('mentor', email);
    const other = await app.signIn(email);
    const socket = await openSocket(first.user.id, other.token);
    const r = await change(first.token, TEST_PASSWORD, 'brand-new-pass');
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      message: 'Password changed successfully!',
      user: { id: first.user.id, role: 'mentor', must_change_password: false },
    });
    expect(typeof r.body.token).toBe('string');
    expect(await validate(first.token)).toBe(401);
    expect(await validate(other.token)).toBe(401);
    expect((await socket.closed).code).toBe(4001);
    expect(await validate(r.body.token)).toBe(200);
    expect((await app.call('GET', '/api/profile', undefined, r.body.token)).status).toBe(200);
    // The fresh token opens the live connection too.
    const fresh = await openSocket(first.user.id, r.body.token);
    await pong(fresh);
    fresh.ws.close(1000);
  });

  it('forgot-password: the request ends no session and leaves the old password working', async () => {
    const email = uniqueEmail('reset');
    const before = await app.signUp('mentor', email);
    const socket = await openSocket(before.user.id, before.token);
    await app.call('POST', '/api/auth/forgot-password', { email });
    await expect.poll(() => app.mails.some((m) => m.to === email)).toBe(true);
    // The reset is in the read models by now (the mail reactor follows the log).
    await app.call('GET', '/api/health');
    expect(await validate(before.token)).toBe(200);
    await pong(socket);
    expect(socket.ws.readyState).toBe(WebSocket.OPEN);
    const again = await app.signIn(email);
    expect(await validate(again.token)).toBe(200);
    expect((await app.call('GET', '/api/profile', undefined, again.token)).status).toBe(200);
    const events = await app.platform.store.readStream(`account-${before.user.id}`);
    expect(events.filter((e) => e.type === 'SessionsRevoked')).toEqual([]);
    socket.ws.close(1000);
  });

  it('forgot-password: signing in with the temporary password ends every earlier token and the old password', async () => {
    const email = uniqueEmail('reset-used');
    const before = await app.signUp('mentor', email);
    const socket = await openSocket(before.user.id, before.token);
    await app.call('POST', '/api/auth/forgot-password', { email });
    await expect.poll(() => app.mails.some((m) => m.to === email)).toBe(true);
    const temporary = /Temporary password: (\S+)/.exec(app.mails.filter((m) => m.to === email).at(-1)!.text)![1];
    const viaTemp = await app.signIn(email, temporary);
    expect(viaTemp.user.must_change_password).toBe(true);
    expect(await validate(before.token)).toBe(401);
    expect((await socket.closed).code).toBe(4001);
    const old = await app.call('POST', '/api/auth/signin', { Email: email, Password: TEST_PASSWORD });
    expect(old.status).toBe(401);
    // The temporary password is the password now, until a new one is chosen.
    const changed = await change(viaTemp.token, temporary, 'chosen-anew-1');
    expect(changed.status).toBe(200);
    expect((await app.call('GET', '/api/profile', undefined, changed.body.token)).status).toBe(200);
    expect((await app.call('POST', '/api/auth/signin', { Email: email, Password: temporary })).status).toBe(401);
  });

  it('forgot-password for an admin sends nothing and ends no admin session', async () => {
    const admin = await app.adminToken();
    const head = await app.platform.store.headPosition();
    const r = await app.call('POST', '/api/auth/forgot-password', { email: TEST_ADMIN.email });
    expect(r.status).toBe(200);
    // A later forgot-password for a user is mailed; by then the admin's would have been too.
    const email = uniqueEmail('after-admin');
    await app.signUp('mentor', email);
    await app.call('POST', '/api/auth/forgot-password', { email });
    await expect.poll(() => app.mails.some((m) => m.to === email)).toBe(true);
    expect(app.mails.some((m) => m.to === TEST_ADMIN.email)).toBe(false);
    // Only the user's reset was recorded.
    expect((await app.platform.store.readAll(head, 1000)).filter((e) => e.type === 'PasswordReset')).toHaveLength(1);
    expect(await validate(admin)).toBe(200);
  });

  it('lock, then unlock: tokens from before the lock stay refused; a new sign-in works', async () => {
    const email = uniqueEmail('locked');
    const user = await app.signUp('mentor', email);
    const admin = await app.adminToken();
    const path = `/api/admin/users/mentor/${user.user.id}/lock`;
    expect((await app.call('PATCH', path, { is_locked: true }, admin)).status).toBe(200);
    expect(await validate(user.token)).toBe(401);
    expect((await app.call('PATCH', path, { is_locked: false }, admin)).status).toBe(200);
    expect(await validate(user.token)).toBe(401);
    const again = await app.signIn(email);
    expect(await validate(again.token)).toBe(200);
  });
});

describe('temporary password gate', () => {
  let centre: Login;
  beforeAll(async () => {
    centre = await vettedCentre(app, 'Gate Centre');
  });

  it('answers 403 with a clear detail everywhere but the password change, validate and logout', async () => {
    const student = await registeredStudent(app, centre, {}, { keepTemporary: true });
    for (const [method, path, body] of [
      ['GET', '/api/profile'],
      ['GET', '/api/students/job-requirements'],
      ['GET', '/api/dashboard/overview'],
      ['PUT', '/api/students/job-requirements', { boiler_installs_required: 3 }],
      ['PUT', '/api/profile', { First_Name: 'Changed' }],
    ] as const) {
      const r = await app.call(method, path, body, student.token);
      expect(r.status, `${method} ${path}`).toBe(403);
      expect(r.body.detail).toBe('You must change your temporary password before you can continue.');
    }
    const v = await app.call('GET', '/api/auth/validate', undefined, student.token);
    expect(v.status).toBe(200);
    expect(v.body.user.must_change_password).toBe(true);
    // Nothing was changed by the refused command.
    const changed = await change(student.token, student.temporaryPassword, 'my-own-password');
    expect(changed.status).toBe(200);
    expect(changed.body.user.must_change_password).toBe(false);
    const profile = await app.call('GET', '/api/profile', undefined, changed.body.token, {
      'X-Min-Position': String(changed.body.position),
    });
    expect(profile.status).toBe(200);
    expect(profile.body.First_Name).toBe('Amy');
  });

  it('lets a student holding a temporary password sign out', async () => {
    const student = await registeredStudent(app, centre, {}, { keepTemporary: true });
    expect((await app.call('POST', '/api/auth/logout', undefined, student.token)).status).toBe(200);
    expect(await validate(student.token)).toBe(401);
  });

  it('refuses the WebSocket with 4003 and the same detail', async () => {
    const student = await registeredStudent(app, centre, {}, { keepTemporary: true });
    const conn = await openSocket(student.user.id, student.token);
    expect(await conn.closed).toEqual({
      code: 4003,
      reason: 'You must change your temporary password before you can continue.',
    });
  });

  it('gates a forgot-password sign-in too, but not a sign-in with the old password before it', async () => {
    const email = uniqueEmail('forgot-gate');
    await app.signUp('mentor', email);
    await app.call('POST', '/api/auth/forgot-password', { email });
    await expect.poll(() => app.mails.some((m) => m.to === email)).toBe(true);
    const temporary = /Temporary password: (\S+)/.exec(app.mails.filter((m) => m.to === email).at(-1)!.text)![1];
    const viaOld = await app.signIn(email);
    expect((await app.call('GET', '/api/profile', undefined, viaOld.token)).status).toBe(200);
    const viaTemp = await app.signIn(email, temporary);
    expect((await app.call('GET', '/api/profile', undefined, viaTemp.token)).status).toBe(403);
  });
});

describe('temporary passwords expire after 7 days', () => {
  let clocked: TestApp;
  let now = Date.now();
  const DAY = 86_400_000;
  beforeAll(async () => {
    clocked = await startTestApp({ env: { SEED_DEMO: '0' }, overrides: { clock: () => new Date(now) } });
  });
  afterAll(async () => {
    await clocked.stop();
  });
  const signIn = (email: string, password: string) =>
    clocked.call('POST', '/api/auth/signin', { Email: email, Password: password });

  it("refuses a registered student's expired first password with a message to ask for a new one", async () => {
    const centre = await vettedCentre(clocked, 'Clock Centre');
    const email = uniqueEmail('expiring');
    const r = await clocked.call(
      'POST',
      '/api/register-student',
      { First_Name: 'Ivy', Last_Name: 'Old', Email: email, Phone_Number: '07700900000', Postcode: 'M1 1AA' },
      centre.token,
    );
    expect(r.status).toBe(201);
    expect(clocked.mails.find((m) => m.to === email)!.expiresAt).toEqual(new Date(now + 7 * DAY));
    now += 7 * DAY - 1000;
    expect((await signIn(email, r.body.temporary_password)).status).toBe(200);
    now += 1000;
    const refused = await signIn(email, r.body.temporary_password);
    expect(refused.status).toBe(401);
    expect(refused.body.detail).toBe(TEMPORARY_PASSWORD_EXPIRED);
    // Forgot password gives a new one, which works.
    await clocked.call('POST', '/api/auth/forgot-password', { email });
    await expect.poll(() => clocked.mails.filter((m) => m.to === email).length).toBe(2);
    const temporary = /Temporary password: (\S+)/.exec(clocked.mails.filter((m) => m.to === email).at(-1)!.text)![1];
    const fresh = await signIn(email, temporary);
    expect(fresh.status).toBe(200);
    expect(fresh.body.user.must_change_password).toBe(true);
  });

  it('refuses an expired forgot-password temporary password; the own password still works', async () => {
    const email = uniqueEmail('expiring-reset');
    await clocked.signUp('mentor', email);
    await clocked.call('POST', '/api/auth/forgot-password', { email });
    await expect.poll(() => clocked.mails.some((m) => m.to === email)).toBe(true);
    const temporary = /Temporary password: (\S+)/.exec(clocked.mails.find((m) => m.to === email)!.text)![1];
    now += 7 * DAY;
    const refused = await signIn(email, temporary);
    expect(refused.status).toBe(401);
    expect(refused.body.detail).toBe(TEMPORARY_PASSWORD_EXPIRED);
    expect((await signIn(email, TEST_PASSWORD)).status).toBe(200);
  });
});
