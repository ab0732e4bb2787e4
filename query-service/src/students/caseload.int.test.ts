import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '@panda/server/testing/harness';
import { CASELOAD_AT_RISK_MESSAGE, caseloadRow, completeJobResponse } from '@panda/contracts/training';
import { signInAgain, type Login } from '@panda/command-service/admin/test-fixtures';
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

/** The centre's caseload (docs/rules.md#centre-caseload) over HTTP, with the server's clock moved on. */

const DAY = 86_400_000;
const T0 = Date.now();
let now = T0;
let app: TestApp;
let centre: Login;
let otherCentre: Login;
let dave: Login;
let amy: StudentLogin;
let ben: StudentLogin;
let dan: StudentLogin;

async function signCard(student: StudentLogin, n: number) {
  const job = await jobOfType(app, dave.token, 'Boiler Installs', student.user.id);
  const r = await app.call('PUT', `/api/jobs/${job.id}/complete`, signature(n), dave.token);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return completeJobResponse.parse(r.body).signature!.signature_id;
}

const rows = async (query: string, token = centre.token) => {
  const r = await get(app, `/api/my-students${query}`, token);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return {
    list: caseloadRow.array().parse(r.body),
    total: r.headers.get('x-total-count'),
    link: r.headers.get('link'),
  };
};
/** Sets the server's clock; everyone signs in again, as sessions end 12 hours on by that clock. */
const at = async (t: number) => {
  now = t;
  await signInAgain(app, centre, otherCentre, dave, amy, ben, dan);
};
const names = async (query: string) => (await rows(query)).list.map((r) => r.First_Name);

beforeAll(async () => {
  app = await startTestApp({ env: { SEED_DEMO: '0' }, overrides: { clock: () => new Date(now) } });
  centre = await vettedCentre(app, 'North');
  otherCentre = await vettedCentre(app, 'South');
  dave = await readyMentor(app, { First_Name: 'Dave', Last_Name: 'Clarke' });
  const goals = { Boiler_Installs: 5, Boiler_Service: 0, Pipework: 0, Repair: 0 };
  amy = await registeredStudent(app, centre, { First_Name: 'Amy', ...goals });
  ben = await registeredStudent(app, centre, { First_Name: 'Ben', ...goals });
  await registeredStudent(app, centre, { First_Name: 'Cara', ...goals });
  dan = await registeredStudent(app, centre, { First_Name: 'Dan', ...goals });
  for (const s of [amy, ben, dan]) await place(app, s, dave);
  await signCard(ben, 1);
  await at(T0 + 10 * DAY);
  await signCard(amy, 1);
  await at(T0 + 20 * DAY);
  await signCard(amy, 2);
  await at(T0 + 40 * DAY);
  await signCard(amy, 3);
  await at(T0 + 44 * DAY);
  const disputed = await signCard(dan, 1);
  const r = await app.call('POST', `/api/signatures/${disputed}/dispute`, { reason: 'I was not there' }, dan.token);
  expect(r.status).toBe(200);
  await at(T0 + 45 * DAY);
});

afterAll(async () => {
  await app?.stop();
});

describe('the centre caseload', () => {
  it('gives each student their last sign-off, recent cards, open disputes, forecast and at-risk, as of the server clock', async () => {
    const { list } = await rows('?sort=name');
    const by = Object.fromEntries(list.map((r) => [r.First_Name, r]));
    expect(by.Amy).toMatchObject({
      last_signed_off_at: new Date(T0 + 40 * DAY).toISOString(),
      cards_last_30_days: 2,
      open_disputes: 0,
      // 2 cards left at 3 cards in 60 days: 40 days on.
      forecast_finish: new Date(now + 40 * DAY).toISOString().slice(0, 10),
      at_risk: false,
    });
    // No card in 30 days; one card in 60 days is no pace.
    expect(by.Ben).toMatchObject({ cards_last_30_days: 0, forecast_finish: null, at_risk: true });
    // Never placed, registered 45 days ago.
    expect(by.Cara).toMatchObject({ last_signed_off_at: null, cards_last_30_days: 0, at_risk: true });
    // An open dispute.
    expect(by.Dan).toMatchObject({ cards_last_30_days: 1, open_disputes: 1, at_risk: true });
  });

  it('a student is not at risk before 30 days without a card, nor before 14 days without a placement', async () => {
    const saved = now;
    await at(T0 + 13 * DAY);
    try {
      const { list } = await rows('?sort=name');
      expect(list.find((r) => r.First_Name === 'Cara')?.at_risk).toBe(false);
      expect(list.find((r) => r.First_Name === 'Ben')?.at_risk).toBe(false);
    } finally {
      await at(saved);
    }
  });

  it('filters by at-risk and sorts by the caseload columns on the server', async () => {
    expect(await names('?at_risk=true&sort=name')).toEqual(['Ben', 'Cara', 'Dan']);
    expect(await names('?at_risk=false')).toEqual(['Amy']);
    // No sign-off yet goes last either way.
    expect(await names('?sort=-last_signed_off')).toEqual(['Dan', 'Amy', 'Ben', 'Cara']);
    expect((await names('?sort=last_signed_off')).slice(0, 3)).toEqual(['Ben', 'Amy', 'Dan']);
    expect((await names('?sort=-cards_last_30_days')).slice(0, 2)).toEqual(['Amy', 'Dan']);
    expect((await names('?sort=forecast'))[0]).toBe('Amy');
    expect((await names('?sort=-open_disputes'))[0]).toBe('Dan');
    expect((await rows('?at_risk=true')).total).toBe('3');
  });

  it('pages a sorted view with cursors, with the total', async () => {
    const first = await rows('?sort=-last_signed_off&limit=2');
    expect(first.list.map((r) => r.First_Name)).toEqual(['Dan', 'Amy']);
    expect(first.total).toBe('4');
    const next = /<([^>]+)>; rel="next"/.exec(first.link ?? '')?.[1];
    expect(next).toContain('sort=-last_signed_off');
    const second = await get(app, next!, centre.token);
    expect(
      caseloadRow
        .array()
        .parse(second.body)
        .map((r) => r.First_Name),
    ).toEqual(['Ben', 'Cara']);
    expect(second.headers.get('link')).toBeNull();
  });

  it('exports the same filtered, sorted view as CSV', async () => {
    const r = await get(app, '/api/my-students.csv?at_risk=true&sort=-last_signed_off', centre.token);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toMatch(/^text\/csv/);
    const lines = String(r.body).trim().split('\r\n');
    expect(lines[0]).toBe(
      'id,name,email,phone,postcode,registered_at,placement_status,cards_signed,cards_required,last_signed_off_at,cards_last_30_days,open_disputes,forecast_finish,at_risk',
    );
    expect(lines.slice(1).map((l) => l.split(',')[1])).toEqual(['Dan Pond', 'Ben Pond', 'Cara Pond']);
    expect(lines[1].split(',').slice(-4)).toEqual(['1', '1', '', 'true']);
  });

  it('a sorted caseload read again follows what has happened since, also searched', async () => {
    const before = await rows('?sort=-last_signed_off&q=Ben');
    expect(before.list.map((r) => [r.First_Name, r.cards_last_30_days])).toEqual([['Ben', 0]]);
    expect((await names('?sort=-last_signed_off'))[0]).toBe('Dan');
    await signCard(ben, 2);
    // Ben's new card tops the list at once, in the whole list and in a search: the kept documents are not reused.
    expect((await names('?sort=-last_signed_off'))[0]).toBe('Ben');
    const after = await rows('?sort=-last_signed_off&q=Ben');
    expect(after.list.map((r) => [r.First_Name, r.cards_last_30_days])).toEqual([['Ben', 1]]);
  });

  it('refuses a bad filter or sort, and answers only training centres, each its own students', async () => {
    const bad = await get(app, '/api/my-students?at_risk=maybe', centre.token);
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ detail: [{ field: 'at_risk', message: CASELOAD_AT_RISK_MESSAGE }] });
    expect((await get(app, '/api/my-students.csv?sort=nope', centre.token)).status).toBe(400);
    for (const token of [dave.token, amy.token])
      for (const path of ['/api/my-students', '/api/my-students.csv'])
        expect((await get(app, path, token)).status).toBe(403);
    expect((await rows('?at_risk=true', otherCentre.token)).list).toEqual([]);
    expect((await app.call('GET', '/api/my-students.csv')).status).toBe(401);
  });
});
