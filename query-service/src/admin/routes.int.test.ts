import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, TEST_ADMIN, type TestApp } from '@panda/server/testing/harness';
import { independentStudent, readyMentor, uniqueEmail, type Login } from '@panda/command-service/admin/test-fixtures';

let app: TestApp;
let admin: string;
let adminId: string;
let mentor: Login;
let centre: Login;
let student: Login;

beforeAll(async () => {
  app = await startTestApp({ env: { SEED_DEMO: '0' } });
  admin = await app.adminToken();
  adminId = (await app.call('GET', '/api/auth/validate', undefined, admin)).body.user.id;
  mentor = await readyMentor(
    app,
    { Business_Name: 'Near Heating', Business_Postcode: 'M4 1AA' },
    { First_Name: 'Nick', Last_Name: 'Near' },
  );
  centre = await app.signUp('training_centre', uniqueEmail('centre'), { Training_Centre_Name: 'Leeds Gas Academy' });
  student = await independentStudent(app, { First_Name: 'Mia', Last_Name: 'Manchester' });
});
afterAll(async () => {
  await app.stop();
});

const QUERIES = [
  '/api/admin/users/students',
  '/api/admin/users/mentors',
  '/api/admin/users/training-centres',
  '/api/admin/placements',
  '/api/admin/signin-attempts',
];

describe('who may call the admin queries', () => {
  it('answers 401 without a token, 403 to every other role and 200 to an admin', async () => {
    const paths = [
      ...QUERIES,
      `/api/admin/placements/candidates?student_id=${student.user.id}`,
      `/api/admin/users/mentor/${mentor.user.id}/history`,
    ];
    for (const path of paths) {
      expect((await app.call('GET', path)).status, `${path} without token`).toBe(401);
      for (const who of [student, mentor, centre])
        expect((await app.call('GET', path, undefined, who.token)).status, `${path} as ${who.user.role}`).toBe(403);
      expect((await app.call('GET', path, undefined, admin)).status, `${path} as admin`).toBe(200);
    }
  });
});

describe('the lists', () => {
  it('lists students with the admin list item fields, placement status and account type', async () => {
    const r = await app.call('GET', '/api/admin/users/students', undefined, admin);
    const row = r.body.students.find((s: { id: string }) => s.id === student.user.id);
    expect(row).toMatchObject({
      id: student.user.id,
      First_Name: 'Mia',
      Last_Name: 'Manchester',
      Email: student.user.Email,
      account_locked: false,
      Matched: false,
      placement_status: null,
      account_type: 'Independent',
    });
    expect(Date.parse(row.Created_At)).not.toBeNaN();
    expect(JSON.stringify(r.body)).not.toMatch(/password|hash/i);
  });

  it('lists mentors with vetting and profile, and centres with vetting and their student count', async () => {
    const mentors = (await app.call('GET', '/api/admin/users/mentors', undefined, admin)).body.mentors;
    expect(mentors.find((m: { id: string }) => m.id === mentor.user.id)).toMatchObject({
      Name: 'Nick Near',
      vetted: true,
      account_locked: false,
      Business_Name: 'Near Heating',
      profile_complete: true,
      student_count: 0,
      Matched: false,
    });
    const centres = (await app.call('GET', '/api/admin/users/training-centres', undefined, admin)).body
      .training_centres;
    expect(centres.find((c: { id: string }) => c.id === centre.user.id)).toMatchObject({
      Name: 'Leeds Gas Academy',
      vetted: false,
      account_locked: false,
      student_count: 0,
    });
  });

  it('lists placements (empty at first)', async () => {
    expect((await app.call('GET', '/api/admin/placements', undefined, admin)).body).toEqual({ placements: [] });
  });
});

describe('account history (GET /api/admin/users/{role}/{id}/history)', () => {
  it('shows what was done, when, by which admin and why, newest first', async () => {
    const c = centre.user.id;
    await app.call(
      'PATCH',
      `/api/admin/users/training_centre/${c}/vet`,
      { is_vetted: true, reason: 'Ofqual approval seen' },
      admin,
    );
    await app.call(
      'PATCH',
      `/api/admin/users/training_centre/${c}/lock`,
      { is_locked: true, reason: 'Unpaid invoice' },
      admin,
    );
    await app.call(
      'PATCH',
      `/api/admin/users/training_centre/${c}/lock`,
      { is_locked: true, reason: 'Repeated' },
      admin,
    );
    await app.call('PATCH', `/api/admin/users/training_centre/${c}/lock`, { is_locked: false }, admin);
    const r = await app.call('GET', `/api/admin/users/training_centre/${c}/history`, undefined, admin);
    expect(r.status).toBe(200);
    expect(r.body.account).toMatchObject({
      id: c,
      role: 'training_centre',
      Name: 'Leeds Gas Academy',
      account_locked: false,
      vetted: true,
    });
    expect(r.body.history.map((h: { action: string; reason: string | null }) => [h.action, h.reason])).toEqual([
      ['unlocked', null],
      ['locked', 'Unpaid invoice'],
      ['vetted', 'Ofqual approval seen'],
    ]);
    for (const h of r.body.history) {
      expect(h).toMatchObject({ actor_id: adminId, actor_name: 'Test Admin', actor_email: TEST_ADMIN.email });
      expect(Date.parse(h.at)).toBeGreaterThan(Date.now() - 60_000);
    }
  });

  it('answers 404 for an unknown role or account', async () => {
    expect((await app.call('GET', `/api/admin/users/teacher/${mentor.user.id}/history`, undefined, admin)).status).toBe(
      404,
    );
    expect((await app.call('GET', `/api/admin/users/student/${mentor.user.id}/history`, undefined, admin)).status).toBe(
      404,
    );
  });
});

describe('admin sign-in log and vetting status', () => {
  it('keeps the portal sign-in attempts for admins', async () => {
    await app.call('POST', '/api/admin/auth/signin', { email: 'intruder@test.panda', password: 'guess-it' });
    const r = await app.call('GET', '/api/admin/signin-attempts', undefined, admin);
    expect(r.body.attempts[0]).toMatchObject({
      email: 'intruder@test.panda',
      outcome: 'invalid_credentials',
      account_id: null,
    });
    expect(r.body.attempts[0].source_address).toBeTruthy();
    expect(JSON.stringify(r.body)).not.toContain('guess-it');
  });

  it('answers the vetting status to mentors and centres only', async () => {
    expect((await app.call('GET', '/api/vetting-status', undefined, mentor.token)).body).toEqual({
      vetted: true,
      message: 'Your account has been vetted. You can be matched with students.',
    });
    expect((await app.call('GET', '/api/vetting-status', undefined, student.token)).status).toBe(403);
    expect((await app.call('GET', '/api/vetting-status', undefined, admin)).status).toBe(403);
    expect((await app.call('GET', '/api/vetting-status')).status).toBe(401);
  });
});

describe('the totals of the whole tables', () => {
  it('count each new row as it comes', async () => {
    const settle = async () => app.platform.commandDeps.waitForProjections(await app.platform.store.headPosition());
    const lists = [
      '/api/admin/users/students',
      '/api/admin/placements',
      '/api/admin/signin-attempts',
      '/api/admin/support',
    ];
    const totals = () =>
      Promise.all(
        lists.map(async (path) => {
          const r = await app.call('GET', path, undefined, admin);
          expect(r.status).toBe(200);
          return Number(r.headers.get('x-total-count'));
        }),
      );
    await settle();
    const before = await totals();
    const newcomer = await independentStudent(app, { First_Name: 'Nia', Last_Name: 'New' });
    const proposal = { student_id: newcomer.user.id, mentor_id: mentor.user.id };
    expect((await app.call('POST', '/api/admin/placements', proposal, admin)).status).toBe(201);
    await app.call('POST', '/api/admin/auth/signin', { email: 'someone@test.panda', password: 'not-this-one' });
    const ticket = { Subject: 'General Issue', Message: 'A question about the portal' };
    expect((await app.call('POST', '/api/support', ticket, newcomer.token)).status).toBe(201);
    await settle();
    expect(await totals()).toEqual(before.map((n) => n + 1));
  });
});
