import { randomUUID } from 'node:crypto';
import { checkEvent } from '@panda/events/catalogue';
import { accountStream } from '@panda/events/catalogue/accounts';
import { TEST_PASSWORD, type TestApp } from '@panda/server/testing/harness';

/** Test helpers for the admin and placement API tests (not used by the product). */

export interface Login {
  token: string;
  user: { id: string; [k: string]: unknown };
}

/**
 * Signs each login in again (with TEST_PASSWORD) and keeps the new token in it. Sessions last 12 hours
 * by the server's clock (docs/rules.md#test-clock), so a test that moves the clock past them signs its
 * users in again, as the people would.
 */
export async function signInAgain(app: TestApp, ...logins: (Login & { email?: string })[]): Promise<void> {
  for (const login of logins) login.token = (await app.signIn(login.email ?? String(login.user.Email))).token;
}

let counter = 0;
export const uniqueEmail = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${++counter}@test.panda`;

/** Replaces a temporary password with TEST_PASSWORD; answers the fresh login (the old token has ended). */
export async function choosePassword(app: TestApp, login: Login, temporary: string): Promise<Login> {
  const r = await app.call(
    'PUT',
    '/api/change-password',
    { currentPassword: temporary, newPassword: TEST_PASSWORD, confirmPassword: TEST_PASSWORD },
    login.token,
  );
  if (r.status !== 200) throw new Error(`change password failed: ${r.status} ${JSON.stringify(r.body)}`);
  return { token: r.body.token, user: r.body.user };
}

/** Registers an independent student as the admin, who signs in and replaces the temporary password with TEST_PASSWORD. */
export async function independentStudent(
  app: TestApp,
  over: Record<string, unknown> = {},
): Promise<Login & { email: string }> {
  const email = (over.Email as string) ?? uniqueEmail('student');
  const r = await app.call(
    'POST',
    '/api/admin/students',
    { First_Name: 'Sam', Last_Name: 'Student', Email: email, Phone_Number: '07700900001', Postcode: 'M1 1AE', ...over },
    await app.adminToken(),
  );
  if (r.status !== 201) throw new Error(`register student failed: ${r.status} ${JSON.stringify(r.body)}`);
  const login = await app.signIn(email, r.body.temporary_password);
  return { ...(await choosePassword(app, login, r.body.temporary_password)), email };
}

export const fullProfile = (over: Record<string, unknown> = {}) => ({
  Business_Name: 'Test Heating Ltd',
  Business_Postcode: 'M4 1AA',
  Business_Phone_Number: '0161 000 0000',
  Business_Email: 'biz@test.panda',
  Gas_Safe_Registration_Number: '123456',
  VAT_Registered: false,
  Business_Type: 'Limited Company',
  Qualified_Boilers: true,
  Qualified_Cookers: false,
  Qualified_Gas_Fires: false,
  Qualified_Gas_Meters: false,
  Qualified_LPG: false,
  Qualified_Commercial: false,
  Additional_Information: null,
  Referral_Source: 'Other',
  Gas_Safe_Card_Photo: null,
  ...over,
});

/**
 * Records a mentor's complete business profile as the mentor profile form does (MentorProfileSaved
 * in the mentor's stream), then waits for the read models.
 */
export async function saveMentorProfile(app: TestApp, mentorId: string, over: Record<string, unknown> = {}) {
  const data = { accountId: mentorId, profile: fullProfile(over), termsAgreedAt: new Date().toISOString() };
  checkEvent('MentorProfileSaved', data);
  const r = await app.platform.store.append(accountStream(mentorId), [{ type: 'MentorProfileSaved', data }], 'any', {
    time: new Date().toISOString(),
    actorId: mentorId,
    correlationId: randomUUID(),
    commandId: randomUUID(),
  });
  await app.platform.commandDeps.waitForProjections(r.position);
}

/** Signs up a mentor, vets them and completes their profile. */
export async function readyMentor(
  app: TestApp,
  profile: Record<string, unknown> = {},
  names: Record<string, unknown> = {},
): Promise<Login> {
  const mentor = await app.signUp('mentor', uniqueEmail('mentor'), names);
  const vet = await app.call(
    'PATCH',
    `/api/admin/users/mentor/${mentor.user.id}/vet`,
    { is_vetted: true, reason: 'Gas Safe card checked' },
    await app.adminToken(),
  );
  if (vet.status !== 200) throw new Error(`vet failed: ${vet.status} ${JSON.stringify(vet.body)}`);
  await saveMentorProfile(app, mentor.user.id, profile);
  return mentor;
}
