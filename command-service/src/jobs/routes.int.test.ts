import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '@panda/server/testing/harness';
import type { Login } from '../admin/test-fixtures';
import { ukDateOf } from '@panda/contracts/evidence';
import {
  EVIDENCE,
  get,
  jobsOf,
  place,
  readyMentor,
  registeredStudent,
  signature,
  vettedCentre,
  type ApiJob,
  type StudentLogin,
} from '../training/test-fixtures';

let app: TestApp;
let admin: string;
let north: Login;
let south: Login;
let dave: Login;
let erin: Login;
let amy: StudentLogin;
let ben: StudentLogin;
let cara: StudentLogin;
let amyJobs: Record<string, ApiJob>;

beforeAll(async () => {
  app = await startTestApp({ env: { SEED_DEMO: '0' } });
  admin = await app.adminToken();
  north = await vettedCentre(app, 'North');
  south = await vettedCentre(app, 'South');
  dave = await readyMentor(app, { First_Name: 'Dave', Last_Name: 'Clarke' });
  erin = await readyMentor(app, { First_Name: 'Erin', Last_Name: 'Moss' });
  amy = await registeredStudent(app, north, {
    First_Name: 'Amy',
    Boiler_Installs: 3,
    Boiler_Service: 0,
    Pipework: 2,
    Repair: 1,
  });
  ben = await registeredStudent(app, north, { First_Name: 'Ben' });
  cara = await registeredStudent(app, south, { First_Name: 'Cara' });
  await place(app, amy, dave);
  await place(app, cara, erin);
  amyJobs = Object.fromEntries((await jobsOf(app, amy.token)).map((j) => [j.Job_Type, j]));
});
afterAll(async () => {
  await app.stop();
});

const ids = (jobs: { id: string }[]) => jobs.map((j) => j.id).sort();

describe('jobs open on placement', () => {
  it('opens one job per job type with a non-zero requirement, total = requirement', async () => {
    expect(Object.keys(amyJobs)).toEqual(['Boiler Installs', 'Pipework', 'Repair']);
    expect(amyJobs['Boiler Installs']).toMatchObject({
      Student_ID: amy.user.id,
      Student_Name: 'Amy Pond',
      student_email: amy.email,
      student_phone: '07700900000',
      student_postcode: 'M1 1AA',
      Total_Count: 3,
      Completed_Count: 0,
      completed_at: null,
      mentor_signature: null,
      signatures: [],
      status: 'in_progress',
      percent: 0,
      remaining: 3,
      mentor_id: dave.user.id,
    });
    expect(await jobsOf(app, ben.token)).toEqual([]);
  });
});

describe('GET /api/jobs (who sees what)', () => {
  it('a mentor sees the jobs of the students placed with them only', async () => {
    expect(ids(await jobsOf(app, dave.token))).toEqual(ids(Object.values(amyJobs)));
    const erins = await jobsOf(app, erin.token);
    expect(erins.length).toBeGreaterThan(0);
    expect(erins.every((j) => j.Student_ID === cara.user.id)).toBe(true);
    expect(await jobsOf(app, dave.token, cara.user.id)).toEqual([]);
  });

  it("a student sees their own jobs only, even when asking for another student's", async () => {
    expect(ids(await jobsOf(app, amy.token))).toEqual(ids(Object.values(amyJobs)));
    expect(await jobsOf(app, amy.token, cara.user.id)).toEqual([]);
    expect(await jobsOf(app, ben.token, amy.user.id)).toEqual([]);
  });

  it("a centre sees its students' jobs only; an admin sees all", async () => {
    const norths = await jobsOf(app, north.token);
    expect(norths.length).toBeGreaterThan(0);
    expect(norths.every((j) => j.Student_ID === amy.user.id)).toBe(true);
    expect(await jobsOf(app, north.token, cara.user.id)).toEqual([]);
    const souths = await jobsOf(app, south.token);
    expect(souths.length).toBeGreaterThan(0);
    expect(souths.every((j) => j.Student_ID === cara.user.id)).toBe(true);
    const all = await jobsOf(app, admin);
    expect(new Set(all.map((j) => j.Student_ID))).toEqual(new Set([amy.user.id, cara.user.id]));
  });

  it('needs a token', async () => {
    expect((await app.call('GET', '/api/jobs')).status).toBe(401);
  });
});

describe('PUT /api/jobs/{id}/complete', () => {
  it('signs ONE job card per call, keeping every signature oldest first', async () => {
    const today = ukDateOf(Date.now());
    const job = amyJobs['Boiler Installs'];
    const first = await app.call('PUT', `/api/jobs/${job.id}/complete`, signature(1), dave.token);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      success: true,
      job: { id: job.id, Completed_Count: 1, Total_Count: 3, percent: 33, remaining: 2, status: 'in_progress' },
    });
    expect(first.body.position).toBeGreaterThan(0);
    const second = await app.call('PUT', `/api/jobs/${job.id}/complete`, signature(2), dave.token);
    expect(second.body.job).toMatchObject({ Completed_Count: 2, percent: 67 });
    expect(second.body.signature).toMatchObject({
      mentor_id: dave.user.id,
      completed_at: `${today}T10:02:00.000Z`,
      signature: 'D Clarke',
      mentorName: 'Dave Clarke',
      date: today,
      time: '10:02',
      timestamp: `${today}T10:02:00.000Z`,
    });
    const detail = await get(app, `/api/jobs/${job.id}`, amy.token);
    expect(detail.status).toBe(200);
    expect(detail.body.signatures.map((s: { time: string }) => s.time)).toEqual(['10:01', '10:02']);
    expect(detail.body.signatures[0]).toMatchObject({
      mentor_id: dave.user.id,
      completed_at: `${today}T10:01:00.000Z`,
    });
    expect(detail.body.student).toMatchObject({
      id: amy.user.id,
      Name: 'Amy Pond',
      Email: amy.email,
      Phone_Number: '07700900000',
      Postcode: 'M1 1AA',
    });
    expect(detail.body.job).toMatchObject({ Job_Type: 'Boiler Installs', Completed_Count: 2 });
  });

  it("fills in the date, time and completion time when the dialog's defaults are not sent", async () => {
    const job = amyJobs.Pipework;
    const r = await app.call(
      'PUT',
      `/api/jobs/${job.id}/complete`,
      { mentor_signature: { signature: 'DC', mentorName: 'Dave Clarke' }, ...EVIDENCE },
      dave.token,
    );
    expect(r.status).toBe(200);
    expect(r.body.signature).toMatchObject({
      signature: 'DC',
      mentorName: 'Dave Clarke',
      date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      time: expect.stringMatching(/^\d{2}:\d{2}$/),
    });
    expect(Date.parse(r.body.signature.completed_at)).not.toBeNaN();
  });

  it("refuses signing past the total: 'This job is already complete'", async () => {
    const job = amyJobs.Repair;
    expect((await app.call('PUT', `/api/jobs/${job.id}/complete`, signature(1), dave.token)).body.job).toMatchObject({
      status: 'completed',
      percent: 100,
      is_complete: true,
    });
    const again = await app.call('PUT', `/api/jobs/${job.id}/complete`, signature(2), dave.token);
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ detail: 'This job is already complete' });
  });

  it('answers 404 to another mentor, and to unknown jobs, without revealing anything', async () => {
    const job = amyJobs['Boiler Installs'];
    const r = await app.call('PUT', `/api/jobs/${job.id}/complete`, signature(3), erin.token);
    expect(r.status).toBe(404);
    expect(r.body).toEqual({ detail: 'Job not found' });
    expect((await app.call('PUT', '/api/jobs/no-such-job/complete', signature(3), dave.token)).body).toEqual({
      detail: 'Job not found',
    });
  });

  it('is for mentors only', async () => {
    const job = amyJobs['Boiler Installs'];
    for (const token of [amy.token, north.token, admin])
      expect((await app.call('PUT', `/api/jobs/${job.id}/complete`, signature(3), token)).status).toBe(403);
    expect((await app.call('PUT', `/api/jobs/${job.id}/complete`, signature(3))).status).toBe(401);
  });

  it("refuses a signature without typed name or mentor name: 'Please fill in all signature fields'", async () => {
    const job = amyJobs['Boiler Installs'];
    for (const body of [
      {},
      { mentor_signature: { signature: ' ', mentorName: 'Dave' } },
      { mentor_signature: { signature: 'DC' } },
      { mentor_signature: 'DC' },
    ]) {
      const r = await app.call('PUT', `/api/jobs/${job.id}/complete`, body, dave.token);
      expect(r.status).toBe(400);
      expect(r.body.detail[0].message).toBe('Please fill in all signature fields');
    }
    const badDate = await app.call(
      'PUT',
      `/api/jobs/${job.id}/complete`,
      { ...signature(3), completed_at: 'yesterday-ish' },
      dave.token,
    );
    expect(badDate.status).toBe(400);
    expect((await app.call('PUT', `/api/jobs/${job.id}/complete`, '{"mentor_signature":', dave.token)).status).toBe(
      400,
    );
  });
});

describe('GET /api/jobs/{id}', () => {
  it('answers the student, their centre and their active mentor; 404 to everyone else', async () => {
    const job = amyJobs['Boiler Installs'];
    for (const token of [amy.token, north.token, dave.token, admin])
      expect((await get(app, `/api/jobs/${job.id}`, token)).status).toBe(200);
    for (const token of [ben.token, cara.token, south.token, erin.token]) {
      const r = await get(app, `/api/jobs/${job.id}`, token);
      expect(r.status).toBe(404);
      expect(r.body).toEqual({ detail: 'Job not found' });
    }
    expect((await get(app, '/api/jobs/no-such-job', admin)).status).toBe(404);
  });
});

describe('when a placement ends', () => {
  it('the mentor no longer sees or signs the jobs; the student and centre keep them with their cards', async () => {
    const student = await registeredStudent(app, north, {
      Boiler_Installs: 2,
      Boiler_Service: 0,
      Pipework: 0,
      Repair: 0,
    });
    const placementId = await place(app, student, erin);
    const [job] = await jobsOf(app, student.token);
    expect((await app.call('PUT', `/api/jobs/${job.id}/complete`, signature(1), erin.token)).status).toBe(200);
    const end = await app.call('PATCH', `/api/admin/placements/${placementId}`, { status: 'completed' }, admin);
    expect(end.status).toBe(200);
    expect(await jobsOf(app, erin.token, student.user.id)).toEqual([]);
    expect((await get(app, `/api/jobs/${job.id}`, erin.token)).status).toBe(404);
    expect((await app.call('PUT', `/api/jobs/${job.id}/complete`, signature(2), erin.token)).status).toBe(404);
    expect((await jobsOf(app, student.token))[0]).toMatchObject({ Completed_Count: 1, mentor_id: null });
    // Placed again with another mentor: the same job moves on with its signed card.
    await place(app, student, dave);
    const [moved] = await jobsOf(app, dave.token, student.user.id);
    expect(moved).toMatchObject({ id: job.id, Completed_Count: 1, mentor_id: dave.user.id });
    expect((await app.call('PUT', `/api/jobs/${job.id}/complete`, signature(2), dave.token)).body.job).toMatchObject({
      Completed_Count: 2,
      status: 'completed',
    });
  });
});
