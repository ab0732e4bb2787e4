import type { TestApp } from '@panda/server/testing/harness';
import { ukDateOf } from '@panda/contracts/evidence';
import { choosePassword, fullProfile, uniqueEmail, type Login } from '../admin/test-fixtures';

/** Test helpers for the training API tests, through the HTTP API as the product's users (not used by the product). */

export type StudentLogin = Login & { email: string; temporaryPassword: string };

async function ok(r: ReturnType<TestApp['call']>, what: string, status = 200) {
  const res = await r;
  if (res.status !== status) throw new Error(`${what} failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

export async function vet(app: TestApp, role: 'mentor' | 'training_centre', id: string) {
  await ok(app.call('PATCH', `/api/admin/users/${role}/${id}/vet`, { is_vetted: true }, await app.adminToken()), 'vet');
}

export async function vettedCentre(app: TestApp, name = 'North Gas Training'): Promise<Login> {
  const centre = await app.signUp('training_centre', uniqueEmail('centre'), { Training_Centre_Name: name });
  await vet(app, 'training_centre', centre.user.id);
  return centre;
}

/** A vetted mentor whose profile form succeeded (PUT /api/mentor/profile). */
export async function readyMentor(
  app: TestApp,
  names: Record<string, unknown> = {},
  profile: Record<string, unknown> = {},
): Promise<Login> {
  const mentor = await app.signUp('mentor', uniqueEmail('mentor'), names);
  await vet(app, 'mentor', mentor.user.id);
  await ok(
    app.call('PUT', '/api/mentor/profile', { ...fullProfile(profile), Terms_Agreed: true }, mentor.token),
    'mentor profile',
  );
  return mentor;
}

/**
 * A student registered by `centre`, signed in with the temporary password, who then chose
 * TEST_PASSWORD (a temporary password opens nothing else, docs/rules.md#server-sessions): the token is the fresh one.
 * `keepTemporary`: signed in with the temporary password only.
 */
export async function registeredStudent(
  app: TestApp,
  centre: Login,
  over: Record<string, unknown> = {},
  options: { keepTemporary?: boolean } = {},
): Promise<StudentLogin> {
  const email = (over.Email as string) ?? uniqueEmail('student');
  const body = await ok(
    app.call(
      'POST',
      '/api/register-student',
      { First_Name: 'Amy', Last_Name: 'Pond', Email: email, Phone_Number: '07700900000', Postcode: 'M1 1AA', ...over },
      centre.token,
    ),
    'register student',
    201,
  );
  const login = await app.signIn(email, body.temporary_password);
  if (options.keepTemporary) return { ...login, email, temporaryPassword: body.temporary_password };
  return {
    ...(await choosePassword(app, login, body.temporary_password)),
    email,
    temporaryPassword: body.temporary_password,
  };
}

/** An admin proposes, the mentor accepts: the student is placed and their jobs open. Returns the placement id. */
export async function place(app: TestApp, student: Login, mentor: Login): Promise<string> {
  const proposed = await ok(
    app.call(
      'POST',
      '/api/admin/placements',
      { student_id: student.user.id, mentor_id: mentor.user.id },
      await app.adminToken(),
    ),
    'propose',
    201,
  );
  const accepted = await ok(
    app.call('POST', `/api/placement-requests/${proposed.placement_id}/accept`, undefined, mentor.token),
    'accept',
  );
  await app.platform.commandDeps.waitForProjections(accepted.position);
  return proposed.placement_id;
}

/** The evidence every test sign-off carries (docs/rules.md#evidence); tests about photos add `photo_ids`. */
export const EVIDENCE = {
  site_postcode: 'M1 1AA',
  appliance: { kind: 'boiler', make: 'Worcester', model: 'Greenstar 30i' },
  work_done: 'Serviced the boiler: checked the flue, gas rate and safety devices',
  duration_minutes: 60,
  photo_ids: [] as string[],
};

/**
 * The body of `PUT /api/jobs/{id}/complete` for the n-th card: a typed signature dated `day` (UK
 * time; default today by the machine's clock, the day a test's placement was accepted) and EVIDENCE.
 * A test whose server runs on another clock passes that clock's day.
 */
export const signature = (n = 1, over: { day?: string; photo_ids?: string[] } = {}) => {
  const day = over.day ?? ukDateOf(Date.now());
  const minute = String(n).padStart(2, '0');
  return {
    mentor_signature: {
      signature: 'D Clarke',
      mentorName: 'Dave Clarke',
      date: day,
      time: `10:${minute}`,
      timestamp: `${day}T10:${minute}:00.000Z`,
    },
    completed_at: `${day}T10:${minute}:00.000Z`,
    ...EVIDENCE,
    photo_ids: over.photo_ids ?? [],
  };
};

/** GET with read-your-writes on the latest position. */
export async function get(app: TestApp, path: string, token: string) {
  const head = await app.platform.store.headPosition();
  return app.call('GET', path, undefined, token, { 'X-Min-Position': String(head) });
}

/** A job as GET /api/jobs answers it: the fields the tests pick jobs by, and the rest unchecked. */
export interface ApiJob {
  id: string;
  Job_Type: string;
  Student_ID: string;
  Completed_Count: number;
  signatures: Array<{ signature_id: string; [field: string]: unknown }>;
  [field: string]: unknown;
}

export async function jobsOf(app: TestApp, token: string, studentId?: string): Promise<ApiJob[]> {
  const r = await get(app, `/api/jobs${studentId ? `?student_id=${studentId}` : ''}`, token);
  if (r.status !== 200) throw new Error(`jobs failed: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body;
}

/** The caller's job of one type; throws when there is none, so a test never goes on with nothing. */
export async function jobOfType(app: TestApp, token: string, type: string, studentId?: string): Promise<ApiJob> {
  const job = (await jobsOf(app, token, studentId)).find((j) => j.Job_Type === type);
  if (!job) throw new Error(`no ${type} job among the caller's jobs`);
  return job;
}
