import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lockedMessage } from '@panda/contracts/accounts';
import WebSocket from 'ws';
import { ADMIN_SIGNINS_STREAM } from '@panda/events/catalogue/admin';
import { startTestApp, TEST_ADMIN, type TestApp } from '@panda/server/testing/harness';
import { independentStudent, uniqueEmail, type Login } from './test-fixtures';

let app: TestApp;
let admin: string;
let mentor: Login;
let centre: Login;
let student: Login;

beforeAll(async () => {
  app = await startTestApp({ env: { SEED_DEMO: '0' } });
  admin = await app.adminToken();
  mentor = await app.signUp('mentor', uniqueEmail('mentor'));
  centre = await app.signUp('training_centre', uniqueEmail('centre'));
  student = await independentStudent(app);
});
afterAll(async () => {
  await app.stop();
});

const attempts = async () =>
  (await app.platform.store.readStream(ADMIN_SIGNINS_STREAM)).map((e) => e.data as Record<string, unknown>);

describe('admin sign-in (POST /api/admin/auth/signin)', () => {
  it('answers a token and the admin user, and records the attempt with its source address', async () => {
    const before = (await attempts()).length;
    const r = await app.call(
      'POST',
      '/api/admin/auth/signin',
      { email: TEST_ADMIN.email.toUpperCase(), password: TEST_ADMIN.password },
      undefined,
      { 'User-Agent': 'vitest' },
    );
    expect(r.status).toBe(200);
    expect(typeof r.body.token).toBe('string');
    expect(r.body.user).toMatchObject({ role: 'admin', Email: TEST_ADMIN.email });
    expect(JSON.stringify(r.body)).not.toContain(TEST_ADMIN.password);
    const log = await app.platform.store.readStream(ADMIN_SIGNINS_STREAM);
    expect(log.length).toBe(before + 1);
    const last = log.at(-1)!;
    expect(last.data).toMatchObject({
      email: TEST_ADMIN.email,
      outcome: 'succeeded',
      userAgent: 'vitest',
      accountId: r.body.user.id,
    });
    expect((last.data as { sourceAddress: string }).sourceAddress).toMatch(/127\.0\.0\.1|::1/);
    expect(last.actorId).toBe(r.body.user.id);
    expect(Date.parse(last.time)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('refuses a wrong password, an unknown address and a non-admin account alike, and records each', async () => {
    const before = (await attempts()).length;
    for (const body of [
      { email: TEST_ADMIN.email, password: 'wrong-password' },
      { email: 'nobody@test.panda', password: 'whatever-1' },
      { email: mentor.user.Email as string, password: 'secret-pass-1' },
    ]) {
      const r = await app.call('POST', '/api/admin/auth/signin', body);
      expect(r.status).toBe(401);
      expect(r.body).toEqual({ detail: 'Invalid credentials' });
    }
    const log = (await attempts()).slice(before);
    expect(log.map((a) => a.outcome)).toEqual(['invalid_credentials', 'invalid_credentials', 'invalid_credentials']);
    expect(JSON.stringify(log)).not.toContain('wrong-password');
  });

  it('asks for both fields', async () => {
    const r = await app.call('POST', '/api/admin/auth/signin', { email: TEST_ADMIN.email });
    expect(r.status).toBe(400);
    expect(r.body.detail[0].message).toBe('Please enter both email and password');
    expect((await attempts()).at(-1)!.outcome).toBe('incomplete');
  });

  it('throttles repeated failures for an address and records the throttled attempts', async () => {
    const email = uniqueEmail('target');
    for (let i = 0; i < 5; i++)
      expect((await app.call('POST', '/api/admin/auth/signin', { email, password: `guess-${i}` })).status).toBe(401);
    const r = await app.call('POST', '/api/admin/auth/signin', { email, password: 'guess-6' });
    expect(r.status).toBe(429);
    expect(r.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(r.body.detail).toMatch(/Too many failed sign-in attempts/);
    expect((await attempts()).at(-1)).toMatchObject({ email, outcome: 'throttled' });
    // Another e-mail address from the same source is still allowed.
    expect(
      (await app.call('POST', '/api/admin/auth/signin', { email: TEST_ADMIN.email, password: TEST_ADMIN.password }))
        .status,
    ).toBe(200);
  });

  it('is the only way in for an admin: the user sign-in refuses admin credentials', async () => {
    const r = await app.call('POST', '/api/auth/signin', { Email: TEST_ADMIN.email, Password: TEST_ADMIN.password });
    expect(r.status).toBe(401);
  });
});

describe('who may call the admin commands', () => {
  const commands = () =>
    [
      ['PATCH', `/api/admin/users/mentor/${mentor.user.id}/lock`, { is_locked: false }],
      ['PATCH', `/api/admin/users/mentor/${mentor.user.id}/vet`, { is_vetted: false }],
      [
        'POST',
        '/api/admin/students',
        { First_Name: 'A', Last_Name: 'B', Email: uniqueEmail('x'), Phone_Number: '1', Postcode: 'M1 1AE' },
      ],
      ['POST', '/api/admin/placements', { student_id: student.user.id, mentor_id: mentor.user.id }],
      ['PATCH', '/api/admin/placements/some-id', { status: 'cancelled' }],
    ] as const;

  it('answers 401 without a token and 403 to students, mentors and training centres; changes nothing', async () => {
    const before = await app.platform.store.headPosition();
    for (const [method, path, body] of commands()) {
      expect((await app.call(method, path, body)).status, `${method} ${path} without token`).toBe(401);
      expect((await app.call(method, path, body, 'not-a-token')).status, `${method} ${path} bad token`).toBe(401);
      for (const who of [student, mentor, centre]) {
        const r = await app.call(method, path, body, who.token);
        expect(r.status, `${method} ${path} as ${who.user.role}`).toBe(403);
      }
    }
    expect(await app.platform.store.headPosition()).toBe(before);
  });
});

describe('lock and unlock (PATCH /api/admin/users/{role}/{id}/lock)', () => {
  it('takes effect at once: the next call is 401, sign-in is refused, the live connection closes; unlock restores access', async () => {
    const victim = await app.signUp('mentor', uniqueEmail('locked'));
    const ws = new WebSocket(`${app.url.replace('http', 'ws')}/ws/${victim.user.id}?token=${victim.token}`);
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));
    expect((await app.call('GET', '/api/auth/validate', undefined, victim.token)).status).toBe(200);

    const lock = await app.call(
      'PATCH',
      `/api/admin/users/mentor/${victim.user.id}/lock`,
      { is_locked: true, reason: 'Reported by a student' },
      admin,
    );
    expect(lock.status).toBe(200);
    expect(lock.body).toMatchObject({
      message: 'Account locked successfully',
      account_locked: true,
      id: victim.user.id,
    });
    expect(lock.body.position).toBeGreaterThan(0);
    // The very next call, with a token that has hours left, is refused.
    expect((await app.call('GET', '/api/auth/validate', undefined, victim.token)).status).toBe(401);
    expect(
      (
        await app.call(
          'PUT',
          '/api/change-password',
          { currentPassword: 'x', newPassword: 'abcdef', confirmPassword: 'abcdef' },
          victim.token,
        )
      ).status,
    ).toBe(401);
    expect(await closed).toBe(4001);
    const signIn = await app.call('POST', '/api/auth/signin', { Email: victim.user.Email, Password: 'secret-pass-1' });
    expect([401, 403]).toContain(signIn.status);
    expect(signIn.body.detail).toBe(lockedMessage('other'));

    const unlock = await app.call(
      'PATCH',
      `/api/admin/users/mentor/${victim.user.id}/lock`,
      { is_locked: false },
      admin,
    );
    expect(unlock.body).toMatchObject({ message: 'Account unlocked successfully', account_locked: false });
    // docs/rules.md#server-sessions: an unlock revives no token from before the lock; signing in again works.
    expect((await app.call('GET', '/api/auth/validate', undefined, victim.token)).status).toBe(401);
    const again = await app.call('POST', '/api/auth/signin', { Email: victim.user.Email, Password: 'secret-pass-1' });
    expect(again.status).toBe(200);
    expect((await app.call('GET', '/api/auth/validate', undefined, again.body.token)).status).toBe(200);
  });

  it('locks students and training centres too', async () => {
    const s = await independentStudent(app);
    expect(
      (await app.call('PATCH', `/api/admin/users/student/${s.user.id}/lock`, { is_locked: true }, admin)).status,
    ).toBe(200);
    expect((await app.call('GET', '/api/auth/validate', undefined, s.token)).status).toBe(401);
    const c = await app.signUp('training_centre', uniqueEmail('centre'));
    expect(
      (await app.call('PATCH', `/api/admin/users/training_centre/${c.user.id}/lock`, { is_locked: true }, admin))
        .status,
    ).toBe(200);
    expect((await app.call('GET', '/api/vetting-status', undefined, c.token)).status).toBe(401);
  });

  it('answers 404 with a clear message for an unknown role, an unknown id or the wrong role', async () => {
    const role = await app.call('PATCH', `/api/admin/users/admin/${mentor.user.id}/lock`, { is_locked: true }, admin);
    expect(role.status).toBe(404);
    expect(role.body.detail).toBe("Unknown role 'admin': use student, mentor or training_centre");
    const id = await app.call('PATCH', '/api/admin/users/mentor/no-such-id/lock', { is_locked: true }, admin);
    expect(id.status).toBe(404);
    expect(id.body.detail).toBe('No mentor account with id no-such-id');
    const wrong = await app.call(
      'PATCH',
      `/api/admin/users/student/${mentor.user.id}/lock`,
      { is_locked: true },
      admin,
    );
    expect(wrong.status).toBe(404);
    expect(wrong.body.detail).toBe(`No student account with id ${mentor.user.id}`);
  });

  it('validates the body', async () => {
    const r = await app.call('PATCH', `/api/admin/users/mentor/${mentor.user.id}/lock`, { is_locked: 'yes' }, admin);
    expect(r.status).toBe(400);
    expect(r.body.detail).toEqual([{ field: 'is_locked', message: 'is_locked must be true or false' }]);
  });
});

describe('vetting (PATCH /api/admin/users/{role}/{id}/vet, GET /api/vetting-status)', () => {
  it('vets and unvets mentors and centres; the user sees it on their next call', async () => {
    const c = await app.signUp('training_centre', uniqueEmail('vet-centre'));
    let status = await app.call('GET', '/api/vetting-status', undefined, c.token);
    expect(status.body).toEqual({ vetted: false, message: expect.stringContaining('awaiting vetting') });
    const vet = await app.call(
      'PATCH',
      `/api/admin/users/training_centre/${c.user.id}/vet`,
      { is_vetted: true, reason: 'Ofqual approval seen' },
      admin,
    );
    expect(vet.status).toBe(200);
    expect(vet.body).toMatchObject({ message: 'User vetted successfully', vetted: true });
    status = await app.call('GET', '/api/vetting-status', undefined, c.token);
    expect(status.body).toEqual({
      vetted: true,
      message: 'Your training centre has been vetted. You can register students.',
    });
    const unvet = await app.call(
      'PATCH',
      `/api/admin/users/training_centre/${c.user.id}/vet`,
      { is_vetted: false },
      admin,
    );
    expect(unvet.body).toMatchObject({ message: 'User unvetted successfully', vetted: false });
    expect((await app.call('GET', '/api/vetting-status', undefined, c.token)).body.vetted).toBe(false);
  });

  it('refuses vetting a student', async () => {
    const r = await app.call('PATCH', `/api/admin/users/student/${student.user.id}/vet`, { is_vetted: true }, admin);
    expect(r.status).toBe(400);
    expect(r.body.detail).toBe('Only mentors and training centres are vetted');
  });
});

describe('independent students (POST /api/admin/students)', () => {
  it('registers a student with no training centre and shows the temporary password once', async () => {
    const email = uniqueEmail('indie');
    const r = await app.call(
      'POST',
      '/api/admin/students',
      { First_Name: 'Ivy', Last_Name: 'Indie', Email: email, Phone_Number: '07700900002', Postcode: 'ls1 4dy' },
      admin,
    );
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({
      message: 'Student registered successfully!',
      student: { First_Name: 'Ivy', Last_Name: 'Indie', Email: email, account_type: 'Independent' },
    });
    expect(typeof r.body.temporary_password).toBe('string');
    await expect
      .poll(() => app.mails.some((m) => m.to === email && m.text.includes(r.body.temporary_password)))
      .toBe(true);
    const list = await app.call('GET', '/api/admin/users/students', undefined, admin);
    expect(list.body.students.find((s: { id: string }) => s.id === r.body.student.id)).toMatchObject({
      account_type: 'Independent',
      training_centre_name: null,
      Postcode: 'LS1 4DY',
      Matched: false,
    });
  });

  it('names every missing field with the spec messages', async () => {
    const r = await app.call('POST', '/api/admin/students', { Email: 'bad email' }, admin);
    expect(r.status).toBe(400);
    const byField = Object.fromEntries(
      (r.body.detail as { field: string; message: string }[]).map((d) => [d.field, d.message]),
    );
    expect(byField).toEqual({
      First_Name: 'First name is required',
      Last_Name: 'Last name is required',
      Email: 'Please enter a valid email address',
      Phone_Number: 'Phone number is required',
      Postcode: 'Postcode is required',
    });
  });

  it('refuses an address already in use', async () => {
    const r = await app.call(
      'POST',
      '/api/admin/students',
      { First_Name: 'A', Last_Name: 'B', Email: mentor.user.Email, Phone_Number: '07700 900123', Postcode: 'M1 1AA' },
      admin,
    );
    expect(r.status).toBe(409);
  });
});
