import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '@panda/server/testing/harness';
import { independentStudent, type Login } from '@panda/command-service/admin/test-fixtures';
import {
  get,
  jobsOf,
  place,
  readyMentor,
  registeredStudent,
  signature,
  vettedCentre,
  type StudentLogin,
} from '@panda/command-service/training/test-fixtures';

let app: TestApp;
let north: Login;
let dave: Login;
let erin: Login;
let students: StudentLogin[];

beforeAll(async () => {
  app = await startTestApp({ env: { SEED_DEMO: '0' } });
  north = await vettedCentre(app, 'North');
  dave = await readyMentor(app, { First_Name: 'Dave', Last_Name: 'Clarke' });
  erin = await readyMentor(app, { First_Name: 'Erin', Last_Name: 'Moss' });
  students = [];
  for (const name of ['Amy', 'Ben', 'Cara']) students.push(await registeredStudent(app, north, { First_Name: name }));
  await place(app, students[0], dave);
  await place(app, students[1], dave);
  const [first] = await jobsOf(app, students[0].token);
  for (const n of [1, 2, 3]) await app.call('PUT', `/api/jobs/${first.id}/complete`, signature(n), dave.token);
  // Every notification of the above made by the reactor (get() reads at the head from here on).
  await app.platform.reactors.catchUp();
});
afterAll(async () => {
  await app.stop();
});

const overview = async (token: string) => {
  const r = await get(app, '/api/dashboard/overview', token);
  expect(r.status).toBe(200);
  return r.body;
};

describe('GET /api/dashboard/overview', () => {
  it('training centre: total, placed, awaiting, placement rate and the most recent registration', async () => {
    expect(await overview(north.token)).toEqual({
      role: 'training_centre',
      student_count: 3,
      // Unread: vetted, two placements accepted, three cards signed.
      notifications: 6,
      placed_students: 2,
      awaiting_placement: 1,
      placement_rate: 67,
      latest_registration: expect.objectContaining({
        id: students[2].user.id,
        First_Name: 'Cara',
        Email: students[2].email,
        Matched: false,
      }),
    });
    const empty = await vettedCentre(app, 'Empty');
    expect(await overview(empty.token)).toMatchObject({
      placed_students: 0,
      placement_rate: 0,
      latest_registration: null,
    });
  });

  it('student: Matched or Pending, active jobs, account type, current jobs with percentages', async () => {
    const amy = await overview(students[0].token);
    expect(amy).toMatchObject({
      role: 'student',
      matched: true,
      placement_status: 'Matched',
      jobs_count: 4,
      active_jobs: 4,
      account_type: 'Training Centre',
      notifications: 4,
    }); // placement accepted, three cards signed
    expect(amy.current_jobs[0]).toMatchObject({
      Job_Type: 'Boiler Installs',
      Completed_Count: 3,
      Total_Count: 10,
      percent: 30,
    });
    expect(await overview(students[2].token)).toMatchObject({
      matched: false,
      placement_status: 'Pending',
      jobs_count: 0,
      active_jobs: 0,
      current_jobs: [],
    });
    const straggler = await independentStudent(app);
    expect(await overview(straggler.token)).toMatchObject({ account_type: 'Independent' });
  });

  it("student: a matched student sees their mentor's name, business, phone and e-mail; others see none", async () => {
    const amy = await overview(students[0].token);
    expect(amy.mentor).toEqual({
      id: dave.user.id,
      name: 'Dave Clarke',
      business_name: 'Test Heating Ltd',
      phone: '0161 000 0000',
      email: 'biz@test.panda',
    });
    expect((await overview(students[2].token)).mentor).toBeNull();
    // A proposal the mentor has not accepted yet does not show the mentor.
    const pending = await registeredStudent(app, north, { First_Name: 'Dan' });
    const proposed = await app.call(
      'POST',
      '/api/admin/placements',
      { student_id: pending.user.id, mentor_id: erin.user.id },
      await app.adminToken(),
    );
    expect(proposed.status).toBe(201);
    expect((await overview(pending.token)).mentor).toBeNull();
  });

  it("centre: each student card carries the trainee's progress (cards signed of cards required)", async () => {
    const r = await get(app, '/api/my-students', north.token);
    const byId = Object.fromEntries(r.body.map((s: { id: string }) => [s.id, s]));
    expect(byId[students[0].user.id]).toMatchObject({ cards_signed: 3, cards_required: 27, progress_percent: 11 });
    expect(byId[students[2].user.id]).toMatchObject({ cards_signed: 0, cards_required: 0, progress_percent: 0 });
    // The admin's placements table carries the same figures.
    const placements = (await get(app, '/api/admin/placements', await app.adminToken())).body.placements;
    expect(placements.find((p: { student_id: string }) => p.student_id === students[0].user.id)).toMatchObject({
      cards_signed: 3,
      cards_required: 27,
      progress_percent: 11,
    });
  });

  it('mentor: Active Students or No Active Students, jobs supervised, the first 4 jobs of their students', async () => {
    const d = await overview(dave.token);
    expect(d).toMatchObject({
      role: 'mentor',
      matched: true,
      status: 'Active Students',
      active_students: 2,
      jobs_completed: 3,
      jobs_total: 8,
      notifications: 3,
    }); // vetted and two proposals; his own signatures tell him nothing (docs/rules.md#no-self-notification)
    expect(d.student_progress).toHaveLength(4);
    expect(d.student_progress[0]).toMatchObject({
      Student_Name: 'Amy Pond',
      Job_Type: 'Boiler Installs',
      percent: 30,
      status: 'in_progress',
    });
    expect(await overview(erin.token)).toMatchObject({
      matched: false,
      status: 'No Active Students',
      active_students: 0,
      student_progress: [],
      jobs_total: 0,
    });
  });

  it('is for the three dashboards only', async () => {
    expect((await get(app, '/api/dashboard/overview', await app.adminToken())).status).toBe(403);
    expect((await app.call('GET', '/api/dashboard/overview')).status).toBe(401);
  });
});
