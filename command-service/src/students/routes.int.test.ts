import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '@panda/server/testing/harness';
import { choosePassword, independentStudent, uniqueEmail, type Login } from '../admin/test-fixtures';
import {
  get,
  jobOfType,
  jobsOf,
  place,
  readyMentor,
  registeredStudent,
  signature,
  vettedCentre,
  type StudentLogin,
} from '../training/test-fixtures';

let app: TestApp;
let north: Login;
let south: Login;
let mentor: Login;
let amy: StudentLogin;
let ben: StudentLogin;
let cara: StudentLogin;

const registration = (over: Record<string, unknown> = {}) => ({
  First_Name: 'Rory',
  Last_Name: 'Williams',
  Email: uniqueEmail('rory'),
  Phone_Number: '07700900123',
  Postcode: 'm1 1aa',
  ...over,
});

beforeAll(async () => {
  app = await startTestApp({ env: { SEED_DEMO: '0' } });
  north = await vettedCentre(app, 'North Gas Training');
  south = await vettedCentre(app, 'South Gas Training');
  mentor = await readyMentor(app, { First_Name: 'Dave', Last_Name: 'Clarke' });
  amy = await registeredStudent(app, north, { First_Name: 'Amy' });
  ben = await registeredStudent(app, north, { First_Name: 'Ben' });
  cara = await registeredStudent(app, south, { First_Name: 'Cara' });
});
afterAll(async () => {
  await app.stop();
});

describe('POST /api/register-student', () => {
  it('registers a student, shows the temporary password once and mails it to the student', async () => {
    const body = registration({ Boiler_Installs: 0, Repair: 50 });
    const r = await app.call('POST', '/api/register-student', body, north.token);
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({
      message: 'Student registered successfully!',
      student: { First_Name: 'Rory', Last_Name: 'Williams', Email: body.Email.toLowerCase() },
    });
    expect(r.body.temporary_password).toMatch(/^\w{12}$/);
    expect(r.headers.get('x-log-position')).toBe(String(r.body.position));
    // Mailed by the mail reactor, from the event, shortly after the answer.
    await expect.poll(() => app.mails.some((m) => m.to === body.Email.toLowerCase())).toBe(true);
    const mail = app.mails.find((m) => m.to === body.Email.toLowerCase())!;
    expect(mail.text).toContain(r.body.temporary_password);
    expect(mail.text).toContain('North Gas Training');
    const login = await app.signIn(body.Email, r.body.temporary_password);
    expect(login.user).toMatchObject({ role: 'student', must_change_password: true });
    // Selector values as given, defaults for the others (10, 4, 8, 5); read once the temporary password is replaced.
    const own = await choosePassword(app, login, r.body.temporary_password);
    const req = await get(app, '/api/students/job-requirements', own.token);
    expect(req.body.requirements).toEqual({ Boiler_Installs: 0, Boiler_Service: 4, Pipework: 8, Repair: 50 });
  });

  it('shows and mails the temporary password only once for a retried request', async () => {
    const body = registration();
    const key = `retry-${Date.now()}`;
    const first = await app.call('POST', '/api/register-student', body, north.token, { 'Idempotency-Key': key });
    const again = await app.call('POST', '/api/register-student', body, north.token, { 'Idempotency-Key': key });
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body.student.id).toBe(first.body.student.id);
    expect(again.body.temporary_password).toBeNull();
    await expect.poll(() => app.mails.filter((m) => m.to === body.Email.toLowerCase()).length).toBe(1);
    await app.platform.reactors.catchUp();
    expect(app.mails.filter((m) => m.to === body.Email.toLowerCase())).toHaveLength(1);
  });

  it('answers every invalid field with the spec message', async () => {
    const r = await app.call(
      'POST',
      '/api/register-student',
      { First_Name: ' ', Email: 'not an email', Boiler_Installs: 51, Pipework: -1 },
      north.token,
    );
    expect(r.status).toBe(400);
    expect(r.body.detail).toEqual(
      expect.arrayContaining([
        { field: 'First_Name', message: 'First name is required' },
        { field: 'Last_Name', message: 'Last name is required' },
        { field: 'Email', message: 'Please enter a valid email address' },
        { field: 'Phone_Number', message: 'Phone number is required' },
        { field: 'Postcode', message: 'Postcode is required' },
        { field: 'Boiler_Installs', message: expect.stringContaining('0 to 50') },
        { field: 'Pipework', message: expect.stringContaining('0 to 50') },
      ]),
    );
    const noEmail = await app.call('POST', '/api/register-student', registration({ Email: '' }), north.token);
    expect(noEmail.body.detail).toEqual([{ field: 'Email', message: 'Email is required' }]);
    const malformed = await app.call('POST', '/api/register-student', '{"First_Name":', north.token);
    expect(malformed.status).toBe(400);
  });

  it('refuses a duplicate email with a clear message, whatever its case', async () => {
    const r = await app.call(
      'POST',
      '/api/register-student',
      registration({ Email: amy.email.toUpperCase() }),
      north.token,
    );
    expect(r.status).toBe(409);
    expect(r.body.detail).toBe('An account with this email already exists');
    const mentorEmail = await app.call(
      'POST',
      '/api/register-student',
      registration({ Email: mentor.user.Email }),
      south.token,
    );
    expect(mentorEmail.status).toBe(409);
  });

  it('refuses a date of birth in the future (decided at the time of the command), without holding the email', async () => {
    const tomorrow = new Date(app.platform.commandDeps.clock().getTime() + 86_400_000).toISOString().slice(0, 10);
    const body = registration({ Date_Of_Birth: tomorrow });
    const r = await app.call('POST', '/api/register-student', body, north.token);
    expect(r.status).toBe(400);
    expect(r.body.detail).toEqual([{ field: 'Date_Of_Birth', message: 'Date of birth cannot be in the future' }]);
    expect(
      (await app.call('POST', '/api/register-student', { ...body, Date_Of_Birth: '2001-02-03' }, north.token)).status,
    ).toBe(201);
  });

  it('refuses a centre that is not vetted, without holding the email', async () => {
    const unvetted = await app.signUp('training_centre', uniqueEmail('unvetted'));
    const body = registration();
    const r = await app.call('POST', '/api/register-student', body, unvetted.token);
    expect(r.status).toBe(403);
    expect(r.body.detail).toMatch(/must be vetted/);
    expect(app.mails.some((m) => m.to === body.Email.toLowerCase())).toBe(false);
    // The address stays free: another (vetted) centre registers it at once.
    expect((await app.call('POST', '/api/register-student', body, south.token)).status).toBe(201);
  });

  it('is for training centres only', async () => {
    for (const token of [mentor.token, amy.token, await app.adminToken()]) {
      expect((await app.call('POST', '/api/register-student', registration(), token)).status).toBe(403);
    }
    expect((await app.call('POST', '/api/register-student', registration())).status).toBe(401);
  });
});

describe('GET /api/my-students and the student detail page', () => {
  it("lists only the centre's own students, newest first, with contact details and requirement counts", async () => {
    const r = await get(app, '/api/my-students', north.token);
    expect(r.status).toBe(200);
    const ids = r.body.map((s: { id: string }) => s.id);
    expect(ids).toContain(amy.user.id);
    expect(ids.indexOf(ben.user.id)).toBeLessThan(ids.indexOf(amy.user.id));
    expect(ids).not.toContain(cara.user.id);
    expect(r.body.find((s: { id: string }) => s.id === amy.user.id)).toMatchObject({
      Email: amy.email,
      Phone_Number: '07700900000',
      Postcode: 'M1 1AA',
      Matched: false,
      account_type: 'Training Centre',
      job_requirements: { Boiler_Installs: 10, Boiler_Service: 4, Pipework: 8, Repair: 5 },
    });
    const southList = await get(app, '/api/my-students', south.token);
    expect(southList.body.map((s: { id: string }) => s.id)).toContain(cara.user.id);
    expect(southList.body.map((s: { id: string }) => s.id)).not.toContain(amy.user.id);
  });

  it('is for training centres only', async () => {
    for (const token of [mentor.token, amy.token]) expect((await get(app, '/api/my-students', token)).status).toBe(403);
    expect((await app.call('GET', '/api/my-students')).status).toBe(401);
  });

  it('shows registration details: when, and whether the temporary password is still unused (never the password)', async () => {
    const student = await registeredStudent(app, north, { Date_Of_Birth: '2001-02-03' }, { keepTemporary: true });
    const r = await get(app, `/api/my-students/${student.user.id}`, north.token);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      id: student.user.id,
      Email: student.email,
      Date_Of_Birth: '2001-02-03',
      mentor: null,
      training_centre: { id: north.user.id, name: 'North Gas Training' },
    });
    expect(r.body.registration).toEqual({ registered_at: r.body.Created_At, temporary_password_unused: true });
    expect(JSON.stringify(r.body)).not.toContain(student.temporaryPassword);
    const changed = await app.call(
      'PUT',
      '/api/change-password',
      { currentPassword: student.temporaryPassword, newPassword: 'my-own-pass', confirmPassword: 'my-own-pass' },
      student.token,
    );
    expect(changed.status).toBe(200);
    const after = await app.call('GET', `/api/my-students/${student.user.id}`, undefined, north.token, {
      'X-Min-Position': String(changed.body.position),
    });
    expect(after.body.registration.temporary_password_unused).toBe(false);
  });

  it("answers 404 for another centre's student or an unknown id, and 403 for other roles", async () => {
    const other = await get(app, `/api/my-students/${cara.user.id}`, north.token);
    expect(other.status).toBe(404);
    expect(other.body).toEqual({ detail: 'Student not found' });
    expect((await get(app, '/api/my-students/no-such-id', north.token)).status).toBe(404);
    expect((await get(app, `/api/my-students/${amy.user.id}`, mentor.token)).status).toBe(403);
    expect((await get(app, `/api/my-students/${amy.user.id}`, amy.token)).status).toBe(403);
  });
});

describe('GET/PUT /api/students/job-requirements', () => {
  it('reads the goals set at registration and the progress cards per required type', async () => {
    const r = await get(app, '/api/students/job-requirements', ben.token);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      requirements: { Boiler_Installs: 10, Boiler_Service: 4, Pipework: 8, Repair: 5 },
      has_requirements: true,
      additional_requirements: null,
    });
    expect(r.body.progress[0]).toEqual({
      Job_Type: 'Boiler Installs',
      job_id: null,
      required: 10,
      completed: 0,
      percent: 0,
      remaining: 10,
      is_complete: false,
    });
  });

  it('an independent student registered without goals has none yet', async () => {
    const straggler = await independentStudent(app, { Boiler_Installs: 0, Boiler_Service: 0, Pipework: 0, Repair: 0 });
    const r = await get(app, '/api/students/job-requirements', straggler.token);
    expect(r.body).toMatchObject({ has_requirements: false, progress: [] });
  });

  it('saves goals (counts as numbers or digit strings, empty = not required) and answers the saved requirements', async () => {
    const r = await app.call(
      'PUT',
      '/api/students/job-requirements',
      {
        boiler_installs_required: '12',
        boiler_service_required: '',
        pipework_required: 100,
        repair_required: null,
        additional_requirements: ' LPG if possible ',
      },
      ben.token,
    );
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      message: 'Job requirements saved successfully!',
      requirements: { Boiler_Installs: 12, Boiler_Service: 0, Pipework: 100, Repair: 0 },
      additional_requirements: 'LPG if possible',
      has_requirements: true,
    });
    const read = await get(app, '/api/students/job-requirements', ben.token);
    expect(read.body.requirements).toEqual(r.body.requirements);
    expect(read.body.progress.map((p: { Job_Type: string }) => p.Job_Type)).toEqual(['Boiler Installs', 'Pipework']);
  });

  it("refuses counts outside 1 to 100 with 'Must be between 1 and 100'", async () => {
    const r = await app.call(
      'PUT',
      '/api/students/job-requirements',
      { boiler_installs_required: 101, boiler_service_required: -1, pipework_required: '1a', repair_required: 2.5 },
      ben.token,
    );
    expect(r.status).toBe(400);
    expect(r.body.detail).toEqual([
      { field: 'boiler_installs_required', message: 'Must be between 1 and 100' },
      { field: 'boiler_service_required', message: 'Must be between 1 and 100' },
      { field: 'pipework_required', message: 'Must be between 1 and 100' },
      { field: 'repair_required', message: 'Must be between 1 and 100' },
    ]);
  });

  it("refuses goals without any job: 'Please specify at least one job requirement'", async () => {
    const r = await app.call(
      'PUT',
      '/api/students/job-requirements',
      { boiler_installs_required: 0, boiler_service_required: '', additional_requirements: 'x' },
      ben.token,
    );
    expect(r.status).toBe(400);
    expect(r.body.detail).toEqual([{ field: 'requirements', message: 'Please specify at least one job requirement' }]);
  });

  it('is for students only', async () => {
    for (const token of [north.token, mentor.token, await app.adminToken()]) {
      expect((await get(app, '/api/students/job-requirements', token)).status).toBe(403);
      expect(
        (await app.call('PUT', '/api/students/job-requirements', { boiler_installs_required: 1 }, token)).status,
      ).toBe(403);
    }
  });

  it('a change while placed adjusts the job totals; below the cards already signed is refused and changes nothing', async () => {
    const student = await registeredStudent(app, north);
    await place(app, student, mentor);
    const repair = await jobOfType(app, student.token, 'Repair');
    for (const n of [1, 2, 3])
      expect((await app.call('PUT', `/api/jobs/${repair.id}/complete`, signature(n), mentor.token)).status).toBe(200);
    const before = (await get(app, '/api/students/job-requirements', student.token)).body;
    const low = await app.call(
      'PUT',
      '/api/students/job-requirements',
      { boiler_installs_required: 12, boiler_service_required: 4, pipework_required: 8, repair_required: 2 },
      student.token,
    );
    expect(low.status).toBe(400);
    expect(low.body.detail).toEqual([
      { field: 'repair_required', message: 'Cannot be lower than the 3 job cards already signed' },
    ]);
    expect((await get(app, '/api/students/job-requirements', student.token)).body).toEqual(before);

    const r = await app.call(
      'PUT',
      '/api/students/job-requirements',
      { boiler_installs_required: 12, boiler_service_required: 4, pipework_required: 8, repair_required: 3 },
      student.token,
    );
    expect(r.status).toBe(200);
    const jobs = Object.fromEntries((await jobsOf(app, student.token)).map((j) => [j.Job_Type, j]));
    expect(jobs['Boiler Installs'].Total_Count).toBe(12);
    expect(jobs.Repair).toMatchObject({ Total_Count: 3, Completed_Count: 3, status: 'completed' });
    const progress = (await get(app, '/api/students/job-requirements', student.token)).body.progress;
    expect(progress.find((p: { Job_Type: string }) => p.Job_Type === 'Repair')).toMatchObject({
      required: 3,
      completed: 3,
      percent: 100,
      remaining: 0,
      is_complete: true,
    });
  });
});

describe('GET /api/my-matches', () => {
  it("lists the mentor's placed students only", async () => {
    await place(app, amy, mentor);
    const r = await get(app, '/api/my-matches', mentor.token);
    expect(r.status).toBe(200);
    const ids = r.body.map((s: { id: string }) => s.id);
    expect(ids).toContain(amy.user.id);
    expect(ids).not.toContain(ben.user.id);
    expect(r.body.find((s: { id: string }) => s.id === amy.user.id)).toMatchObject({
      Matched: true,
      mentor_id: mentor.user.id,
    });
    expect((await get(app, '/api/my-matches', north.token)).status).toBe(403);
  });
});
