import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '@panda/server/testing/harness';
import { caseloadRow, resendInviteResponse, type CaseloadRow } from '@panda/contracts/training';
import { choosePassword, signInAgain, type Login } from '@panda/command-service/admin/test-fixtures';
import { get, registeredStudent, vettedCentre, type StudentLogin } from '@panda/command-service/training/test-fixtures';

/**
 * Each student's invitation on the centre's caseload (docs/rules.md#centre-caseload), from the log:
 * sent at registration, expired once its temporary password has run out unused (the server's clock
 * moved on), sent again by the centre, and signed in once the student chose their own password.
 */

const DAY = 86_400_000;
const T0 = Date.now();
let now = T0;
let app: TestApp;
let centre: Login;
let pending: StudentLogin;
let settled: StudentLogin;

const rowOf = async (student: StudentLogin): Promise<CaseloadRow> => {
  const r = await get(app, '/api/my-students', centre.token);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return caseloadRow
    .array()
    .parse(r.body)
    .find((row) => row.id === student.user.id)!;
};

beforeAll(async () => {
  app = await startTestApp({ env: { SEED_DEMO: '0' }, overrides: { clock: () => new Date(now) } });
  centre = await vettedCentre(app, 'North');
  pending = await registeredStudent(app, centre, { First_Name: 'Pat' }, { keepTemporary: true });
  settled = await registeredStudent(app, centre, { First_Name: 'Sue' });
});

afterAll(async () => {
  await app?.stop();
});

describe("the caseload's invitation state", () => {
  it('is sent, with when it expires, until the student chooses a password; then signed in', async () => {
    expect((await rowOf(pending)).invitation).toEqual({
      state: 'sent',
      expires_at: new Date(T0 + 7 * DAY).toISOString(),
    });
    expect((await rowOf(settled)).invitation).toEqual({ state: 'signed_in', expires_at: null });
  });

  it('expires with the temporary password, and a resend makes it sent again from then', async () => {
    now = T0 + 7 * DAY;
    await signInAgain(app, centre);
    expect((await rowOf(pending)).invitation.state).toBe('expired');
    now = T0 + 9 * DAY;
    // Sessions end 12 hours on by the server's clock: the centre signs in again.
    await signInAgain(app, centre);
    const r = await app.call('POST', `/api/students/${pending.user.id}/resend-invite`, {}, centre.token);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const fresh = resendInviteResponse.parse(r.body).temporary_password!;
    expect((await rowOf(pending)).invitation).toEqual({
      state: 'sent',
      expires_at: new Date(T0 + 16 * DAY).toISOString(),
    });
    const login = await app.signIn(pending.email, fresh);
    await choosePassword(app, login, fresh);
    expect((await rowOf(pending)).invitation).toEqual({ state: 'signed_in', expires_at: null });
  });
});
