import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '@panda/server/testing/harness';
import { studentLookup } from '@panda/contracts/accounts';
import { caseloadRow, completeJobResponse, studentDetail } from '@panda/contracts/training';
import type { Login } from '@panda/command-service/admin/test-fixtures';
import {
  get,
  jobOfType,
  place,
  readyMentor,
  registeredStudent,
  signature,
  vettedCentre,
  type StudentLogin,
} from '@panda/command-service/training/test-fixtures';

/**
 * docs/rules.md#dispute-visibility over HTTP: the job summaries of the centre's views (its student list,
 * the student's details and the details popup) carry each job's undecided disputes, and every count agrees.
 */

let app: TestApp;
let centre: Login;
let dave: Login;
let amy: StudentLogin;
let admin: string;

/** Amy's Boiler Installs job as each of the centre's views sums it up, and her row's open disputes. */
async function views() {
  const list = await get(app, '/api/my-students', centre.token);
  const detail = await get(app, `/api/my-students/${amy.user.id}`, centre.token);
  const popup = await get(app, `/api/lookup/student/${amy.user.id}`, centre.token);
  for (const r of [list, detail, popup]) expect(r.status, JSON.stringify(r.body)).toBe(200);
  const row = caseloadRow.array().parse(list.body)[0]!;
  const full = studentDetail.parse(detail.body);
  const installs = <J extends { Job_Type: string }>(jobs: J[]) => jobs.find((j) => j.Job_Type === 'Boiler Installs')!;
  return {
    open_disputes: row.open_disputes,
    list: installs(row.jobs),
    detail: installs(full.jobs),
    details: installs(full.job_details),
    popup: installs(studentLookup.parse(popup.body).jobs),
  };
}

const disputedCounts = async () => {
  const v = await views();
  return [
    v.open_disputes,
    v.list.Disputed_Count,
    v.detail.Disputed_Count,
    v.details.Disputed_Count,
    v.popup.Disputed_Count,
  ];
};

async function signCard(n: number) {
  const job = await jobOfType(app, dave.token, 'Boiler Installs', amy.user.id);
  const r = await app.call('PUT', `/api/jobs/${job.id}/complete`, signature(n), dave.token);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return completeJobResponse.parse(r.body).signature!.signature_id;
}

const dispute = async (id: string) =>
  expect(
    (await app.call('POST', `/api/signatures/${id}/dispute`, { reason: 'I was not there' }, amy.token)).status,
  ).toBe(200);
const resolve = async (id: string, outcome: 'upheld' | 'rejected') =>
  expect(
    (await app.call('POST', `/api/admin/disputes/${id}/resolve`, { outcome, reason: 'Checked the site diary' }, admin))
      .status,
  ).toBe(200);

beforeAll(async () => {
  app = await startTestApp({ env: { SEED_DEMO: '0' } });
  centre = await vettedCentre(app, 'North');
  dave = await readyMentor(app, { First_Name: 'Dave', Last_Name: 'Clarke' });
  amy = await registeredStudent(app, centre, { Boiler_Installs: 2, Boiler_Service: 0, Pipework: 0, Repair: 0 });
  await place(app, amy, dave);
  admin = await app.adminToken();
});

afterAll(async () => {
  await app?.stop();
});

describe("the centre's job summaries count undecided disputes", () => {
  it('a disputed sign-off is counted on the job in every view until an admin decides it', async () => {
    const first = await signCard(1);
    const second = await signCard(2);
    expect(await disputedCounts()).toEqual([0, 0, 0, 0, 0]);

    await dispute(second);
    // Every card is signed, yet the job is not complete while the dispute waits.
    const v = await views();
    expect(v.list).toMatchObject({ Completed_Count: 2, Total_Count: 2, Disputed_Count: 1 });
    expect(await disputedCounts()).toEqual([1, 1, 1, 1, 1]);

    await dispute(first);
    expect(await disputedCounts()).toEqual([2, 2, 2, 2, 2]);

    // Rejected: the sign-off stands and counts, no longer disputed.
    await resolve(first, 'rejected');
    expect(await disputedCounts()).toEqual([1, 1, 1, 1, 1]);

    // Upheld: the sign-off is revoked, no longer counted at all.
    await resolve(second, 'upheld');
    expect(await disputedCounts()).toEqual([0, 0, 0, 0, 0]);
    expect((await views()).popup).toMatchObject({ Completed_Count: 1, Disputed_Count: 0, is_complete: false });
  });
});
