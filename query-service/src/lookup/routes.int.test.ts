import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '@panda/server/testing/harness';
import type { Login } from '@panda/command-service/admin/test-fixtures';
import {
  get,
  place,
  readyMentor,
  registeredStudent,
  vettedCentre,
  type StudentLogin,
} from '@panda/command-service/training/test-fixtures';

let app: TestApp;
let admin: string;
let north: Login;
let south: Login;
let dave: Login;
let erin: Login;
let amy: StudentLogin;
let ben: StudentLogin;
let cara: StudentLogin;
let placementId: string;

beforeAll(async () => {
  app = await startTestApp({ env: { SEED_DEMO: '0' } });
  admin = await app.adminToken();
  north = await vettedCentre(app, 'North');
  south = await vettedCentre(app, 'South');
  dave = await readyMentor(app, { First_Name: 'Dave', Last_Name: 'Clarke' }, { Business_Name: 'Clarke Gas' });
  erin = await readyMentor(app, { First_Name: 'Erin', Last_Name: 'Moss' });
  amy = await registeredStudent(app, north, { First_Name: 'Amy' });
  ben = await registeredStudent(app, north, { First_Name: 'Ben' });
  cara = await registeredStudent(app, south, { First_Name: 'Cara' });
  placementId = await place(app, amy, dave);
  await place(app, cara, dave);
  // Erin has a student of her own: a mentor with students still never sees another mentor's.
  await place(app, await registeredStudent(app, south, { First_Name: 'Dan' }), erin);
});
afterAll(async () => {
  await app.stop();
});

const lookup = (type: string, id: string, token: string) => get(app, `/api/lookup/${type}/${id}`, token);
const expectHidden = async (type: string, id: string, token: string) => {
  const r = await lookup(type, id, token);
  expect(r.status, `${type} ${id}`).toBe(404);
  expect(Object.keys(r.body)).toEqual(['detail']);
};

describe('GET /api/lookup/student/{id}', () => {
  it('shows what Student Details shows', async () => {
    const r = await lookup('student', amy.user.id, north.token);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      type: 'student',
      id: amy.user.id,
      Name: 'Amy Pond',
      Email: amy.email,
      status: 'Matched',
      training_centre: { id: north.user.id, name: 'North' },
      mentor: { id: dave.user.id, name: 'Dave Clarke' },
      jobs_total: 4,
    });
    expect(r.body.jobs[0]).toMatchObject({ Job_Type: 'Boiler Installs', Completed_Count: 0, Total_Count: 10 });
    expect(Date.parse(r.body.Created_At)).not.toBeNaN();
  });

  it('to the student, their centre, their active mentor and admins only', async () => {
    for (const token of [amy.token, north.token, dave.token, admin])
      expect((await lookup('student', amy.user.id, token)).status).toBe(200);
    for (const token of [ben.token, cara.token, south.token, erin.token])
      await expectHidden('student', amy.user.id, token);
    await expectHidden('student', ben.user.id, dave.token);
    await expectHidden('student', 'no-such-id', admin);
  });
});

describe('GET /api/lookup/mentor/{id}', () => {
  it('shows name, email, student count, status and the assigned students the caller may see', async () => {
    const own = await lookup('mentor', dave.user.id, dave.token);
    expect(own.body).toMatchObject({
      type: 'mentor',
      Name: 'Dave Clarke',
      Email: dave.user.Email,
      Business_Name: 'Clarke Gas',
      student_count: 2,
      status: 'Active',
    });
    expect(own.body.students.map((s: { id: string }) => s.id).sort()).toEqual([amy.user.id, cara.user.id].sort());
    // North sees the mentor of its student, but only its own student among theirs.
    const byCentre = await lookup('mentor', dave.user.id, north.token);
    expect(byCentre.status).toBe(200);
    expect(byCentre.body.students.map((s: { id: string }) => s.id)).toEqual([amy.user.id]);
    expect((await lookup('mentor', dave.user.id, amy.token)).body.students).toEqual([
      expect.objectContaining({ id: amy.user.id, status: 'Matched' }),
    ]);
    const newcomer = await readyMentor(app);
    expect((await lookup('mentor', newcomer.user.id, admin)).body).toMatchObject({
      student_count: 0,
      status: 'Available',
      students: [],
    });
  });

  it('hidden from anyone with no student placed with that mentor', async () => {
    await expectHidden('mentor', dave.user.id, ben.token);
    await expectHidden('mentor', erin.user.id, north.token);
    await expectHidden('mentor', erin.user.id, dave.token);
    await expectHidden('mentor', dave.user.id, erin.token);
    await expectHidden('mentor', amy.user.id, admin);
  });
});

describe('GET /api/lookup/training_centre/{id}', () => {
  it('shows name, contact, email, student count and registered students with Matched or Pending', async () => {
    const r = await lookup('training_centre', north.user.id, north.token);
    expect(r.body).toMatchObject({
      type: 'training_centre',
      Name: 'North',
      contact: 'Test Contact',
      Email: north.user.Email,
      student_count: 2,
    });
    expect(r.body.students).toEqual([
      { id: ben.user.id, Name: 'Ben Pond', Email: ben.email, Matched: false, status: 'Pending' },
      { id: amy.user.id, Name: 'Amy Pond', Email: amy.email, Matched: true, status: 'Matched' },
    ]);
    expect(
      (await lookup('training_centre', north.user.id, amy.token)).body.students.map((s: { id: string }) => s.id),
    ).toEqual([amy.user.id]);
    expect(
      (await lookup('training_centre', south.user.id, dave.token)).body.students.map((s: { id: string }) => s.id),
    ).toEqual([cara.user.id]);
  });

  it('hidden from other centres, their students, and mentors without one of its students', async () => {
    await expectHidden('training_centre', north.user.id, south.token);
    await expectHidden('training_centre', north.user.id, cara.token);
    await expectHidden('training_centre', north.user.id, erin.token);
    await expectHidden('training_centre', south.user.id, north.token);
  });
});

describe('GET /api/lookup/placement/{id}', () => {
  it('shows status, placed-at, notes and the linked student, mentor and centre to its parties', async () => {
    for (const token of [amy.token, dave.token, north.token, admin]) {
      const r = await lookup('placement', placementId, token);
      expect(r.status).toBe(200);
      expect(r.body).toMatchObject({
        type: 'placement',
        id: placementId,
        Status: 'active',
        student_name: 'Amy Pond',
        mentor_name: 'Dave Clarke',
        training_centre_name: 'North',
        relationships: {
          student: { id: amy.user.id },
          mentor: { id: dave.user.id },
          training_centre: { id: north.user.id },
        },
      });
      expect(Date.parse(r.body.Placed_At)).not.toBeNaN();
    }
    for (const token of [ben.token, south.token, erin.token]) await expectHidden('placement', placementId, token);
  });
});

describe('unknown entity types', () => {
  it("answers 400 'Unknown entity type'", async () => {
    const r = await lookup('invoice', '1', admin);
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ detail: 'Unknown entity type' });
    expect((await lookup('__proto__', '1', amy.token)).status).toBe(400);
    expect((await app.call('GET', `/api/lookup/student/${amy.user.id}`)).status).toBe(401);
  });
});
