import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountStream } from '@panda/events/catalogue/accounts';
import { startTestApp, type TestApp } from '@panda/server/testing/harness';
import { independentStudent, readyMentor, saveMentorProfile, uniqueEmail, type Login } from '../admin/test-fixtures';

let app: TestApp;
let admin: string;
let student: Login;
let near: Login;
let nearUnqualified: Login;
let leeds: Login;
let unvetted: Login;
let locked: Login;
let incomplete: Login;

beforeAll(async () => {
  app = await startTestApp({ env: { SEED_DEMO: '0' } });
  admin = await app.adminToken();
  // Defaults: Boiler_Installs 10, Boiler_Service 4, Pipework 8, Repair 5.
  student = await independentStudent(app, { First_Name: 'Mia', Last_Name: 'Manchester', Postcode: 'M1 1AE' });
  near = await readyMentor(app, { Business_Postcode: 'M4 1AA' }, { First_Name: 'Nick', Last_Name: 'Near' });
  nearUnqualified = await readyMentor(
    app,
    { Business_Postcode: 'M1 2AB', Qualified_Boilers: false, Qualified_Cookers: true },
    { First_Name: 'Una', Last_Name: 'Cooker' },
  );
  leeds = await readyMentor(app, { Business_Postcode: 'LS1 4DY' }, { First_Name: 'Lee', Last_Name: 'Leeds' });
  unvetted = await app.signUp('mentor', uniqueEmail('unvetted'), { First_Name: 'Val', Last_Name: 'Unvetted' });
  await saveMentorProfile(app, unvetted.user.id, { Business_Postcode: 'M1 1AA' });
  locked = await readyMentor(app, { Business_Postcode: 'M1 1AA' }, { First_Name: 'Lou', Last_Name: 'Locked' });
  await app.call('PATCH', `/api/admin/users/mentor/${locked.user.id}/lock`, { is_locked: true }, admin);
  incomplete = await app.signUp('mentor', uniqueEmail('incomplete'), { First_Name: 'Ian', Last_Name: 'Incomplete' });
  await app.call('PATCH', `/api/admin/users/mentor/${incomplete.user.id}/vet`, { is_vetted: true }, admin);
});
afterAll(async () => {
  await app.stop();
});

const studentRow = async (id = student.user.id) =>
  (await app.call('GET', '/api/admin/users/students', undefined, admin)).body.students.find(
    (s: { id: string }) => s.id === id,
  );
const placementRow = async (id: string) =>
  (await app.call('GET', '/api/admin/placements', undefined, admin)).body.placements.find(
    (p: { id: string }) => p.id === id,
  );
const eventsOf = async (type: string) =>
  (await app.platform.store.readStream(accountStream(student.user.id)))
    .filter((e) => e.type === type)
    .map((e) => e.data as Record<string, unknown>);

describe('candidates (GET /api/admin/placements/candidates)', () => {
  it('lists eligible mentors only, ranked by distance, free capacity and qualifications, with the reasons', async () => {
    const r = await app.call('GET', `/api/admin/placements/candidates?student_id=${student.user.id}`, undefined, admin);
    expect(r.status).toBe(200);
    expect(r.body.student).toMatchObject({
      id: student.user.id,
      Postcode: 'M1 1AE',
      account_type: 'Independent',
      blocked: null,
    });
    expect(r.body.student.needs).toEqual(['Boiler Installs', 'Boiler Service', 'Pipework', 'Repair']);
    const ids = r.body.candidates.map((c: { id: string }) => c.id);
    expect(ids).toEqual([near.user.id, nearUnqualified.user.id, leeds.user.id]);
    const excluded = Object.fromEntries(
      r.body.excluded.map((e: { id: string; reasons: string[] }) => [e.id, e.reasons]),
    );
    expect(excluded[unvetted.user.id]).toEqual(['Not vetted']);
    expect(excluded[locked.user.id]).toEqual(['Account locked']);
    expect(excluded[incomplete.user.id]).toEqual(['Profile not complete']);
    for (const c of r.body.candidates) {
      expect(c.reasons).toHaveLength(3);
      expect(c.rank_reason).toMatch(new RegExp(`^Rank ${c.rank} of 3: score \\d+/100`));
    }
    // The example in the report: how one student's candidates were ranked and why.
    console.log(
      r.body.candidates
        .map((c: { rank: number; name: string; Business_Postcode: string; rank_reason: string; reasons: string[] }) =>
          [
            `${c.rank}. ${c.name} (${c.Business_Postcode})`,
            `   ${c.rank_reason}`,
            ...c.reasons.map((x) => `   - ${x}`),
          ].join('\n'),
        )
        .join('\n'),
    );
  });

  it('needs a known student', async () => {
    expect((await app.call('GET', '/api/admin/placements/candidates', undefined, admin)).status).toBe(400);
    const r = await app.call('GET', '/api/admin/placements/candidates?student_id=nope', undefined, admin);
    expect(r.status).toBe(404);
    expect(r.body.detail).toBe('No student account with id nope');
  });
});

describe('proposing, accepting, declining and ending placements', () => {
  let placementId: string;

  it('refuses a locked, unvetted or incomplete mentor, and an unknown student or mentor', async () => {
    const propose = (mentor_id: string, student_id = student.user.id) =>
      app.call('POST', '/api/admin/placements', { student_id, mentor_id }, admin);
    expect((await propose(locked.user.id)).body.detail).toBe("This mentor's account is locked");
    expect((await propose(unvetted.user.id)).body.detail).toBe('This mentor has not been vetted yet');
    expect((await propose(incomplete.user.id)).body.detail).toBe('This mentor has not completed their profile yet');
    expect((await propose(locked.user.id)).status).toBe(409);
    expect((await propose('nope')).status).toBe(404);
    expect((await propose(near.user.id, 'nope')).status).toBe(404);
    expect((await propose(student.user.id)).status).toBe(404);
    expect((await studentRow()).placement_status).toBeNull();
  });

  it('proposes a pending placement that the mentor sees among their requests', async () => {
    const r = await app.call(
      'POST',
      '/api/admin/placements',
      { student_id: student.user.id, mentor_id: near.user.id, notes: 'Close to home' },
      admin,
    );
    expect(r.status).toBe(201);
    placementId = r.body.placement_id;
    expect(typeof placementId).toBe('string');
    expect(await studentRow()).toMatchObject({
      Matched: false,
      placement_status: 'pending',
      placement_id: placementId,
    });
    const row = await placementRow(placementId);
    expect(row).toMatchObject({
      Status: 'pending',
      Placed_At: null,
      Notes: 'Close to home',
      student_name: 'Mia Manchester',
      student_email: student.user.Email,
      mentor_name: 'Nick Near',
      mentor_email: near.user.Email,
      training_centre_name: null,
      relationships: {
        student: { id: student.user.id, name: 'Mia Manchester' },
        mentor: { id: near.user.id, name: 'Nick Near' },
        training_centre: null,
      },
    });
    expect(row.reasons[0]).toMatch(/^Rank 1 of 3/);

    const requests = await app.call('GET', '/api/placement-requests', undefined, near.token);
    expect(requests.status).toBe(200);
    expect(requests.body.requests).toEqual([
      expect.objectContaining({
        id: placementId,
        Notes: 'Close to home',
        student: expect.objectContaining({ id: student.user.id, Name: 'Mia Manchester', Postcode: 'M1 1AE' }),
        account_type: 'Independent',
        job_requirements: { Boiler_Installs: 10, Boiler_Service: 4, Pipework: 8, Repair: 5 },
      }),
    ]);
    expect((await app.call('GET', '/api/placement-requests', undefined, leeds.token)).body.requests).toEqual([]);
    // The candidate list now says why no second proposal can be made.
    const c = await app.call('GET', `/api/admin/placements/candidates?student_id=${student.user.id}`, undefined, admin);
    expect(c.body.student.blocked).toBe('This student already has a pending placement request');
  });

  it('refuses a second proposal while one is pending', async () => {
    const r = await app.call(
      'POST',
      '/api/admin/placements',
      { student_id: student.user.id, mentor_id: leeds.user.id },
      admin,
    );
    expect(r.status).toBe(409);
    expect(r.body.detail).toBe('This student already has a pending placement request');
  });

  it('lets only the mentor it was proposed to answer it', async () => {
    expect(
      (await app.call('POST', `/api/placement-requests/${placementId}/accept`, undefined, leeds.token)).status,
    ).toBe(404);
    expect(
      (await app.call('POST', `/api/placement-requests/${placementId}/decline`, { reason: 'x' }, leeds.token)).status,
    ).toBe(404);
    expect((await app.call('POST', `/api/placement-requests/${placementId}/accept`, undefined, admin)).status).toBe(
      403,
    );
    expect(
      (await app.call('POST', `/api/placement-requests/${placementId}/accept`, undefined, student.token)).status,
    ).toBe(403);
    expect((await app.call('POST', `/api/placement-requests/${placementId}/accept`)).status).toBe(401);
    expect((await app.call('GET', '/api/placement-requests', undefined, student.token)).status).toBe(403);
    expect((await app.call('GET', '/api/placement-requests', undefined, admin)).status).toBe(403);
  });

  it('on acceptance the student is Matched and one job per required type is opened with its total', async () => {
    const r = await app.call('POST', `/api/placement-requests/${placementId}/accept`, undefined, near.token, {
      'Idempotency-Key': 'accept-near-0001',
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ message: 'Placement accepted', status: 'active' });
    expect(await studentRow()).toMatchObject({
      Matched: true,
      placement_status: 'active',
      mentor: near.user.id,
      mentor_name: 'Nick Near',
    });
    const row = await placementRow(placementId);
    expect(row.Status).toBe('active');
    expect(Date.parse(row.Placed_At)).toBeGreaterThan(0);
    const opened = await eventsOf('JobOpened');
    expect(opened.map((j) => [j.jobType, j.totalCount, j.mentorId])).toEqual([
      ['Boiler Installs', 10, near.user.id],
      ['Boiler Service', 4, near.user.id],
      ['Pipework', 8, near.user.id],
      ['Repair', 5, near.user.id],
    ]);
    const mentors = (await app.call('GET', '/api/admin/users/mentors', undefined, admin)).body.mentors;
    expect(mentors.find((m: { id: string }) => m.id === near.user.id)).toMatchObject({
      student_count: 1,
      Matched: true,
      pending_requests: 0,
    });
    expect((await app.call('GET', '/api/placement-requests', undefined, near.token)).body.requests).toEqual([]);
  });

  it('accepting an active placement again answers 409; a retry with the same Idempotency-Key answers as the first time', async () => {
    const events = (await app.platform.store.readStream(accountStream(student.user.id))).length;
    const again = await app.call('POST', `/api/placement-requests/${placementId}/accept`, undefined, near.token);
    expect(again.status).toBe(409);
    expect(again.body.detail).toBe('This placement has already been accepted');
    const retry = await app.call('POST', `/api/placement-requests/${placementId}/accept`, undefined, near.token, {
      'Idempotency-Key': 'accept-near-0001',
    });
    expect(retry.status).toBe(200);
    expect(retry.body).toMatchObject({ message: 'Placement accepted', status: 'active' });
    expect((await app.platform.store.readStream(accountStream(student.user.id))).length).toBe(events);
  });

  it('never places a student twice', async () => {
    const r = await app.call(
      'POST',
      '/api/admin/placements',
      { student_id: student.user.id, mentor_id: leeds.user.id },
      admin,
    );
    expect(r.status).toBe(409);
    expect(r.body.detail).toBe('This student already has an active placement');
  });

  it('an admin ends the placement with notes; a new proposal can be declined with a reason', async () => {
    expect((await app.call('PATCH', `/api/admin/placements/${placementId}`, { status: 'paused' }, admin)).status).toBe(
      400,
    );
    const end = await app.call(
      'PATCH',
      `/api/admin/placements/${placementId}`,
      { status: 'cancelled', notes: 'Mentor relocating' },
      admin,
    );
    expect(end.status).toBe(200);
    expect(await placementRow(placementId)).toMatchObject({
      Status: 'cancelled',
      Notes: 'Mentor relocating',
      end_notes: 'Mentor relocating',
      proposal_notes: 'Close to home',
    });
    expect(await studentRow()).toMatchObject({ Matched: false, placement_status: 'cancelled', mentor: null });
    expect(
      (await app.call('PATCH', `/api/admin/placements/${placementId}`, { status: 'completed' }, admin)).status,
    ).toBe(409);

    const second = await app.call(
      'POST',
      '/api/admin/placements',
      { student_id: student.user.id, mentor_id: leeds.user.id },
      admin,
    );
    expect(second.status).toBe(201);
    const missing = await app.call(
      'POST',
      `/api/placement-requests/${second.body.placement_id}/decline`,
      { reason: '  ' },
      leeds.token,
    );
    expect(missing.status).toBe(400);
    expect(missing.body.detail).toEqual([{ field: 'reason', message: 'Please give a reason for declining' }]);
    const decline = await app.call(
      'POST',
      `/api/placement-requests/${second.body.placement_id}/decline`,
      { reason: 'Too far from Leeds' },
      leeds.token,
    );
    expect(decline.status).toBe(200);
    expect(await placementRow(second.body.placement_id)).toMatchObject({
      Status: 'cancelled',
      decline_reason: 'Too far from Leeds',
    });
    const c = await app.call('GET', `/api/admin/placements/candidates?student_id=${student.user.id}`, undefined, admin);
    expect(c.body.candidates.find((x: { id: string }) => x.id === leeds.user.id).reasons).toContain(
      'Declined this student before: Too far from Leeds',
    );
  });

  it('a later placement takes over the jobs the student already has', async () => {
    const listed = (
      await app.call('GET', `/api/admin/placements/candidates?student_id=${student.user.id}`, undefined, admin)
    ).body.candidates;
    const shown = listed.find((x: { id: string }) => x.id === nearUnqualified.user.id);
    const third = await app.call(
      'POST',
      '/api/admin/placements',
      { student_id: student.user.id, mentor_id: nearUnqualified.user.id },
      admin,
    );
    expect(third.status).toBe(201);
    // The command ranks from the write side's own facts, and records what the admin was shown.
    expect(shown.not_qualified_for.length).toBeGreaterThan(0);
    expect((await eventsOf('PlacementProposed')).at(-1)?.reasons).toEqual([shown.rank_reason, ...shown.reasons]);
    expect(
      (
        await app.call(
          'POST',
          `/api/placement-requests/${third.body.placement_id}/accept`,
          undefined,
          nearUnqualified.token,
        )
      ).status,
    ).toBe(200);
    const moved = await eventsOf('JobReassigned');
    expect(moved).toHaveLength(4);
    expect(
      moved.every((j) => j.mentorId === nearUnqualified.user.id && j.placementId === third.body.placement_id),
    ).toBe(true);
    expect(await eventsOf('JobOpened')).toHaveLength(4);
    const completed = await app.call(
      'PATCH',
      `/api/admin/placements/${third.body.placement_id}`,
      { status: 'completed', notes: 'Qualified' },
      admin,
    );
    expect(completed.status).toBe(200);
    expect(await placementRow(third.body.placement_id)).toMatchObject({ Status: 'completed', Notes: 'Qualified' });
  });
});
