import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startTestApp, TEST_PASSWORD, type TestApp } from '@panda/server/testing/harness';
import { signToken } from '@panda/platform/tokens';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app.stop();
});

const signUpBody = (email: string, extra: Record<string, unknown> = {}) => ({
  First_Name: 'Jo',
  Last_Name: 'Bloggs',
  Email: email,
  Password: TEST_PASSWORD,
  Role: 'training_centre',
  Training_Centre_Name: 'Leeds Gas Academy',
  ...extra,
});

describe('sign-up', () => {
  it('creates a training centre and answers a token, the user and the log position', async () => {
    const r = await app.call('POST', '/api/auth/signup', signUpBody('Centre1@Example.com'));
    expect(r.status).toBe(201);
    expect(r.body.user).toMatchObject({
      role: 'training_centre',
      First_Name: 'Jo',
      Last_Name: 'Bloggs',
      Name: 'Leeds Gas Academy',
      Email: 'centre1@example.com',
    });
    expect(r.body.role).toBe('training_centre');
    expect(typeof r.body.token).toBe('string');
    expect(r.body.position).toBeGreaterThan(0);
    expect(r.headers.get('x-log-position')).toBe(String(r.body.position));
    expect(JSON.stringify(r.body)).not.toContain(TEST_PASSWORD);
    const v = await app.call('GET', '/api/auth/validate', undefined, r.body.token);
    expect(v.status).toBe(200);
    expect(v.body.user.id).toBe(r.body.user.id);
  });

  it('names every bad field with the spec messages and changes nothing', async () => {
    const before = await app.platform.store.headPosition();
    const r = await app.call('POST', '/api/auth/signup', { Email: 'not an email', Password: '123', Role: 'student' });
    expect(r.status).toBe(400);
    const byField = Object.fromEntries(
      (r.body.detail as { field: string; message: string }[]).map((d) => [d.field, d.message]),
    );
    expect(byField).toMatchObject({
      First_Name: 'First name is required',
      Last_Name: 'Last name is required',
      Email: 'Please enter a valid email address',
      Password: 'Password must be at least 6 characters',
      Role: 'Please select a role',
    });
    const centre = await app.call(
      'POST',
      '/api/auth/signup',
      signUpBody('c2@example.com', { Training_Centre_Name: '' }),
    );
    expect(centre.status).toBe(400);
    expect(centre.body.detail).toEqual([
      { field: 'Training_Centre_Name', message: 'Training centre name is required' },
    ]);
    expect(await app.platform.store.headPosition()).toBe(before);
  });

  it('refuses a second account with the same email, whatever its case', async () => {
    await app.signUp('mentor', 'dup@example.com');
    const r = await app.call('POST', '/api/auth/signup', signUpBody(' DUP@example.com '));
    expect(r.status).toBe(409);
    expect(r.body.detail).toBe('An account with this email already exists');
  });

  it('gives exactly one account when the same email signs up many times at once', async () => {
    const results = await Promise.all(
      Array.from({ length: 8 }, () => app.call('POST', '/api/auth/signup', signUpBody('race@example.com'))),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(7);
    expect(await app.platform.readStore.count('accounts', { email_lower: 'race@example.com' })).toBe(1);
  });

  it('appends nothing new when a sign-up is retried with the same Idempotency-Key', async () => {
    const key = 'signup-retry-key-1';
    const a = await app.call('POST', '/api/auth/signup', signUpBody('retry@example.com'), undefined, {
      'Idempotency-Key': key,
    });
    const head = await app.platform.store.headPosition();
    const b = await app.call('POST', '/api/auth/signup', signUpBody('retry@example.com'), undefined, {
      'Idempotency-Key': key,
    });
    expect(a.status).toBe(201);
    expect(b.status).toBe(201);
    expect(b.body.user.id).toBe(a.body.user.id);
    expect(await app.platform.store.headPosition()).toBe(head);
  });

  it('answers 400 to malformed JSON and 413 to an oversized body, never 500', async () => {
    const bad = await app.call('POST', '/api/auth/signup', '{"First_Name":', undefined, {
      'content-type': 'application/json',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.detail).toBe('Malformed JSON body');
    const huge = await app.call('POST', '/api/auth/signup', { First_Name: 'x'.repeat(16 * 1024 * 1024) });
    expect(huge.status).toBe(413);
    const wrongType = await app.call('POST', '/api/auth/signup', [1, 2, 3]);
    expect(wrongType.status).toBe(400);
  });
});

describe('sign-in', () => {
  it('signs in with the right password and refuses a wrong one with Invalid credentials', async () => {
    const { user } = await app.signUp('mentor', 'signin@example.com');
    const ok = await app.call('POST', '/api/auth/signin', { Email: 'SIGNIN@example.com', Password: TEST_PASSWORD });
    expect(ok.status).toBe(200);
    expect(ok.body.user.id).toBe(user.id);
    const bad = await app.call('POST', '/api/auth/signin', { Email: 'signin@example.com', Password: 'wrong-password' });
    expect(bad.status).toBe(401);
    expect(bad.body.detail).toMatch(/^Invalid credentials\. \d tries left before sign-in is paused for 15 minutes\.$/);
    const nobody = await app.call('POST', '/api/auth/signin', { Email: 'nobody@example.com', Password: 'whatever1' });
    expect(nobody.status).toBe(401);
    expect(nobody.body.detail).toMatch(
      /^Invalid credentials\. \d tries left before sign-in is paused for 15 minutes\.$/,
    );
  });

  it('throttles repeated failures for an address', async () => {
    await app.signUp('mentor', 'throttle@example.com');
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push(
        (await app.call('POST', '/api/auth/signin', { Email: 'throttle@example.com', Password: `wrong-${i}` })).status,
      );
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    const right = await app.call('POST', '/api/auth/signin', {
      Email: 'throttle@example.com',
      Password: TEST_PASSWORD,
    });
    expect(right.status).toBe(429);
    expect(Number(right.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('does not let an admin in through the public sign-in', async () => {
    const r = await app.call('POST', '/api/auth/signin', { Email: 'admin@test.panda', Password: 'admin-password-123' });
    expect(r.status).toBe(401);
  });
});

describe('session', () => {
  it('refuses validation without a token, with a malformed one and with a forged signature', async () => {
    expect((await app.call('GET', '/api/auth/validate')).status).toBe(401);
    expect((await app.call('GET', '/api/auth/validate', undefined, 'not-a-jwt')).status).toBe(401);
    const { token } = await app.signUp('mentor', 'forge@example.com');
    const [h, p] = token.split('.');
    expect((await app.call('GET', '/api/auth/validate', undefined, `${h}.${p}.c2lnbmF0dXJl`)).status).toBe(401);
  });

  it('reads its own writes: a query at the position of a command never sees older state', async () => {
    const r = await app.call('POST', '/api/auth/signup', signUpBody('ryw@example.com'));
    const v = await app.call('GET', '/api/auth/validate', undefined, r.body.token, {
      'X-Min-Position': String(r.body.position),
    });
    expect(v.status).toBe(200);
    const tooFar = await app.call('GET', '/api/auth/validate', undefined, r.body.token, { 'X-Min-Position': 'abc' });
    expect(tooFar.status).toBe(400);
  });

  it('reports health with the projection checkpoints', async () => {
    const r = await app.call('GET', '/api/health');
    expect(r.status).toBe(200);
    expect(r.body.status).toBe('ok');
    expect(r.body.projections.accounts).toBeGreaterThan(0);
  });

  it('answers 404 with a JSON detail for unknown API paths', async () => {
    const r = await app.call('GET', '/api/does-not-exist');
    expect(r.status).toBe(404);
    expect(r.body.detail).toBeTruthy();
  });
});

describe('passwords', () => {
  it('changes the password with the spec messages', async () => {
    const { token } = await app.signUp('mentor', 'change@example.com');
    const missing = await app.call('PUT', '/api/change-password', {}, token);
    expect(missing.status).toBe(400);
    const messages = (missing.body.detail as { message: string }[]).map((d) => d.message);
    expect(messages).toContain('Current password is required');
    expect(messages).toContain('New password is required');
    const short = await app.call(
      'PUT',
      '/api/change-password',
      { currentPassword: TEST_PASSWORD, newPassword: '123', confirmPassword: '123' },
      token,
    );
    expect(short.body.detail).toEqual([
      { field: 'newPassword', message: 'New password must be at least 6 characters' },
    ]);
    const mismatch = await app.call(
      'PUT',
      '/api/change-password',
      { currentPassword: TEST_PASSWORD, newPassword: 'abcdef1', confirmPassword: 'abcdef2' },
      token,
    );
    expect(mismatch.body.detail).toEqual([
      { field: 'confirmPassword', message: 'Password confirmation does not match' },
    ]);
    const wrong = await app.call(
      'PUT',
      '/api/change-password',
      { currentPassword: 'not-it', newPassword: 'abcdef1', confirmPassword: 'abcdef1' },
      token,
    );
    expect(wrong.status).toBe(400);
    const ok = await app.call(
      'PUT',
      '/api/change-password',
      { currentPassword: TEST_PASSWORD, newPassword: 'new-pass-99', confirmPassword: 'new-pass-99' },
      token,
    );
    expect(ok.status).toBe(200);
    expect(
      (await app.call('POST', '/api/auth/signin', { Email: 'change@example.com', Password: 'new-pass-99' })).status,
    ).toBe(200);
    expect(
      (await app.call('POST', '/api/auth/signin', { Email: 'change@example.com', Password: TEST_PASSWORD })).status,
    ).toBe(401);
    expect((await app.call('PUT', '/api/change-password', {})).status).toBe(401);
  });

  it('mails a temporary password on forgot-password and answers the same for unknown addresses', async () => {
    await app.signUp('mentor', 'forgot@example.com');
    const known = await app.call('POST', '/api/auth/forgot-password', { email: 'forgot@example.com' });
    const unknown = await app.call('POST', '/api/auth/forgot-password', { email: 'ghost@example.com' });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    // The same answer either way: nothing tells whether the address has an account.
    expect(unknown.body).toEqual(known.body);
    expect(known.headers.get('x-log-position')).toBeNull();
    const empty = await app.call('POST', '/api/auth/forgot-password', { email: '' });
    expect(empty.body.detail).toEqual([{ field: 'email', message: 'Please enter your email address' }]);
    await expect.poll(() => app.mails.some((m) => m.to === 'forgot@example.com')).toBe(true);
    const mail = app.mails.filter((m) => m.to === 'forgot@example.com').at(-1)!;
    const temporary = /Temporary password: (\S+)/.exec(mail.text)![1];
    expect(app.mails.some((m) => m.to === 'ghost@example.com')).toBe(false);
    const viaTemp = await app.call('POST', '/api/auth/signin', { Email: 'forgot@example.com', Password: temporary });
    expect(viaTemp.status).toBe(200);
    expect(viaTemp.body.user.must_change_password).toBe(true);
    // A reload keeps asking for a new password until one is chosen.
    const validated = await app.call('GET', '/api/auth/validate', undefined, viaTemp.body.token);
    expect(validated.body.user.must_change_password).toBe(true);
    // Signing in with the temporary password ended the old one.
    expect(
      (await app.call('POST', '/api/auth/signin', { Email: 'forgot@example.com', Password: TEST_PASSWORD })).status,
    ).toBe(401);
  });

  it('mails one working temporary password when forgot-password is retried with the same key', async () => {
    await app.signUp('mentor', 'forgot-twice@example.com');
    const key = 'forgot-retry-key-1';
    await app.call('POST', '/api/auth/forgot-password', { email: 'forgot-twice@example.com' }, undefined, {
      'Idempotency-Key': key,
    });
    await expect.poll(() => app.mails.filter((m) => m.to === 'forgot-twice@example.com').length).toBe(1);
    const head = await app.platform.store.headPosition();
    await app.call('POST', '/api/auth/forgot-password', { email: 'forgot-twice@example.com' }, undefined, {
      'Idempotency-Key': key,
    });
    await app.call('GET', '/api/health');
    expect(await app.platform.store.headPosition()).toBe(head);
    const temporary = /Temporary password: (\S+)/.exec(
      app.mails.filter((m) => m.to === 'forgot-twice@example.com')[0].text,
    )![1];
    expect(
      (await app.call('POST', '/api/auth/signin', { Email: 'forgot-twice@example.com', Password: temporary })).status,
    ).toBe(200);
    expect(app.mails.filter((m) => m.to === 'forgot-twice@example.com')).toHaveLength(1);
  });

  it('never stores a password in plain text in the log', async () => {
    await app.signUp('mentor', 'plain@example.com');
    const all = await app.platform.store.readAll(0, 100_000);
    expect(JSON.stringify(all)).not.toContain(TEST_PASSWORD);
    expect(JSON.stringify(await app.platform.readStore.find('accounts'))).not.toMatch(/argon2|passwordHash/);
  });
});

describe('live updates', () => {
  const open = (path: string) =>
    new Promise<{ ws: WebSocket; closed: Promise<number>; messages: unknown[] }>((resolve, reject) => {
      const ws = new WebSocket(app.url.replace('http', 'ws') + path);
      const messages: unknown[] = [];
      const closed = new Promise<number>((r) => ws.on('close', (code) => r(code)));
      ws.on('message', (m) => messages.push(JSON.parse(m.toString())));
      ws.on('open', () => resolve({ ws, closed, messages }));
      ws.on('error', reject);
    });

  it('ignores a malformed path and keeps serving', async () => {
    const { token, user } = await app.signUp('mentor', 'ws-bad-path@example.com');
    await new Promise<void>((resolve) => {
      const ws = new WebSocket(`${app.url.replace('http', 'ws')}/ws/%E0%A4%A?token=${token}`);
      ws.on('error', () => resolve());
      ws.on('close', () => resolve());
    });
    expect((await app.call('GET', '/api/auth/validate', undefined, token)).body.user.id).toBe(user.id);
  });

  it('closes a connection when the token that opened it expires', async () => {
    const { user } = await app.signUp('mentor', 'ws-expiry@example.com');
    const shortLived = await signToken(app.config.jwtSecret, { sub: user.id, role: 'mentor' }, new Date(), 1);
    const conn = await open(`/ws/${user.id}?token=${shortLived}`);
    expect(await conn.closed).toBe(4001);
  });

  it('refuses a missing token, a bad token and a token for another user', async () => {
    const { token, user } = await app.signUp('mentor', 'ws1@example.com');
    expect(await (await open(`/ws/${user.id}`)).closed).toBe(4001);
    expect(await (await open(`/ws/${user.id}?token=bad`)).closed).toBe(4001);
    expect(await (await open(`/ws/someone-else?token=${token}`)).closed).toBe(4001);
  });

  it('answers ping with pong and pushes changes of read models the user may see', async () => {
    const { token, user } = await app.signUp('mentor', 'ws2@example.com');
    const conn = await open(`/ws/${user.id}?token=${token}`);
    conn.ws.send(JSON.stringify({ type: 'ping' }));
    await expect.poll(() => conn.messages).toContainEqual({ type: 'pong' });
    await app.call(
      'PUT',
      '/api/change-password',
      { currentPassword: TEST_PASSWORD, newPassword: 'another-1', confirmPassword: 'another-1' },
      token,
    );
    await expect
      .poll(() => conn.messages)
      .toContainEqual(expect.objectContaining({ type: 'changed', collection: 'accounts', id: user.id }));
    conn.ws.close(1000);
  });
});
