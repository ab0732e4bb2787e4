import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '@panda/server/testing/harness';
import {
  CRITERIA_TEXTS,
  DEFAULT_CRITERIA,
  criteriaTemplateResponse,
  studentCriteriaResponse,
} from '@panda/contracts/criteria';
import { completeJobResponse } from '@panda/contracts/training';
import { uniqueEmail, type Login } from '../admin/test-fixtures';
import {
  get,
  jobOfType,
  place,
  readyMentor,
  registeredStudent,
  signature,
  vettedCentre,
  type StudentLogin,
} from '../training/test-fixtures';

/** Criteria templates and progress per criterion over HTTP (docs/rules.md#qualification-criteria). */

let app: TestApp;
let admin: string;
let north: Login;
let south: Login;
let dave: Login;
let otherMentor: Login;
let amy: StudentLogin;
let ben: StudentLogin;
let auditor: string;
const boilerCards: string[] = [];
const repairCards: string[] = [];

async function ok(r: ReturnType<TestApp['call']>, status = 200) {
  const res = await r;
  if (res.status !== status) throw new Error(`${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

async function sign(jobId: string, n: number) {
  const body = await ok(app.call('PUT', `/api/jobs/${jobId}/complete`, signature(n), dave.token));
  return completeJobResponse.parse(body).signature!.signature_id;
}

const progressOf = async (studentId: string, token: string) =>
  studentCriteriaResponse.parse(await ok(get(app, `/api/students/${studentId}/criteria`, token)));
const templateOf = async (token: string) =>
  criteriaTemplateResponse.parse(await ok(get(app, '/api/centre/criteria', token)));

const boilersAndRepairs = [
  { code: 'BOIL', title: 'Boiler installs', job_types: ['Boiler Installs'], appliance_kinds: [], required: 2 },
  { code: 'REP', title: 'Repairs', job_types: ['Repair'], appliance_kinds: [], required: 5 },
];

beforeAll(async () => {
  app = await startTestApp({ env: { SEED_DEMO: '0' } });
  admin = await app.adminToken();
  north = await vettedCentre(app, 'North');
  south = await vettedCentre(app, 'South');
  dave = await readyMentor(app, { First_Name: 'Dave', Last_Name: 'Clarke' });
  otherMentor = await readyMentor(app, { First_Name: 'Olly', Last_Name: 'Other' });
  const goals = { Boiler_Installs: 3, Boiler_Service: 0, Pipework: 0, Repair: 2 };
  amy = await registeredStudent(app, north, { First_Name: 'Amy', ...goals });
  ben = await registeredStudent(app, south, { First_Name: 'Ben', ...goals });
  await place(app, amy, dave);
  await place(app, ben, dave);
  for (const [student, cards] of [
    [amy, true],
    [ben, false],
  ] as const) {
    const boiler = await jobOfType(app, dave.token, 'Boiler Installs', student.user.id);
    const repair = await jobOfType(app, dave.token, 'Repair', student.user.id);
    for (const n of [1, 2, 3]) {
      const id = await sign(boiler.id, n);
      if (cards) boilerCards.push(id);
    }
    for (const n of [4, 5]) {
      const id = await sign(repair.id, n);
      if (cards) repairCards.push(id);
    }
  }

  const email = uniqueEmail('auditor');
  const provisioned = await ok(
    app.call('POST', '/api/admin/auditors', { email, first_name: 'Ada', last_name: 'Auditor' }, admin),
    201,
  );
  const signin = await ok(
    app.call('POST', '/api/admin/auth/signin', { email, password: provisioned.temporary_password }),
  );
  const own = 'auditor-own-password-1';
  auditor = (
    await ok(
      app.call(
        'PUT',
        '/api/change-password',
        { currentPassword: provisioned.temporary_password, newPassword: own, confirmPassword: own },
        signin.token,
      ),
    )
  ).token;
});

afterAll(async () => {
  await app?.stop();
});

describe('a centre’s criteria template', () => {
  it('is the ACS domestic set until the centre changes it', async () => {
    const t = await templateOf(north.token);
    expect(t).toEqual({ criteria: DEFAULT_CRITERIA, is_default: true, history: [] });
    expect(t.criteria.map((c) => [c.code, c.required])).toEqual([
      ['CCN1', 10],
      ['CENWAT', 10],
      ['CKR1', 3],
      ['HTR1', 3],
      ['MET1', 2],
    ]);
  });

  it('is read and changed by training centres only', async () => {
    for (const token of [amy.token, dave.token, admin]) {
      expect((await get(app, '/api/centre/criteria', token)).status).toBe(403);
      expect((await app.call('PUT', '/api/centre/criteria', { criteria: boilersAndRepairs }, token)).status).toBe(403);
    }
    expect((await app.call('GET', '/api/centre/criteria')).status).toBe(401);
    // Auditors change nothing and read no template (the audit gate).
    expect((await get(app, '/api/centre/criteria', auditor)).status).toBe(403);
    expect((await app.call('PUT', '/api/centre/criteria', { criteria: boilersAndRepairs }, auditor)).status).toBe(403);
  });

  it('refuses a bad template with a message per field and changes nothing', async () => {
    const head = await app.platform.store.headPosition();
    const cases: [unknown, { field: string; message: string }][] = [
      [{ criteria: [] }, { field: 'criteria', message: CRITERIA_TEXTS.none }],
      [{}, { field: 'criteria', message: CRITERIA_TEXTS.none }],
      [
        { criteria: [boilersAndRepairs[0], { ...boilersAndRepairs[1], code: 'boil' }] },
        { field: 'criteria.1.code', message: CRITERIA_TEXTS.duplicateCode },
      ],
      [
        { criteria: [{ ...boilersAndRepairs[0], job_types: [], appliance_kinds: [] }] },
        { field: 'criteria.0.job_types', message: CRITERIA_TEXTS.evidencedBy },
      ],
      [
        { criteria: [{ ...boilersAndRepairs[0], required: 0 }] },
        { field: 'criteria.0.required', message: CRITERIA_TEXTS.required },
      ],
      [
        { criteria: [{ ...boilersAndRepairs[0], required: 2.5 }] },
        { field: 'criteria.0.required', message: CRITERIA_TEXTS.required },
      ],
      [
        { criteria: [{ ...boilersAndRepairs[0], code: 'no spaces' }] },
        { field: 'criteria.0.code', message: CRITERIA_TEXTS.code },
      ],
      [
        { criteria: [{ ...boilersAndRepairs[0], title: '  ' }] },
        { field: 'criteria.0.title', message: CRITERIA_TEXTS.title },
      ],
    ];
    for (const [body, error] of cases) {
      const r = await app.call('PUT', '/api/centre/criteria', body, south.token);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.detail).toContainEqual(error);
    }
    const kinds = await app.call(
      'PUT',
      '/api/centre/criteria',
      { criteria: [{ ...boilersAndRepairs[0], appliance_kinds: ['spaceship'] }] },
      south.token,
    );
    expect(kinds.status).toBe(400);
    expect(kinds.body.detail[0].field).toBe('criteria.0.appliance_kinds.0');
    expect(await app.platform.store.headPosition()).toBe(head);
    expect((await templateOf(south.token)).is_default).toBe(true);
  });

  it('keeps every change as an event, newest first, and saving the same template records nothing', async () => {
    const first = await ok(app.call('PUT', '/api/centre/criteria', { criteria: boilersAndRepairs }, south.token));
    expect(first.criteria).toEqual(boilersAndRepairs);
    const changed = boilersAndRepairs.map((c) => (c.code === 'REP' ? { ...c, required: 2 } : c));
    await ok(app.call('PUT', '/api/centre/criteria', { criteria: changed }, south.token));
    const head = await app.platform.store.headPosition();
    await ok(app.call('PUT', '/api/centre/criteria', { criteria: changed }, south.token));
    expect(await app.platform.store.headPosition()).toBe(head);

    const t = await templateOf(south.token);
    expect(t.is_default).toBe(false);
    expect(t.criteria).toEqual(changed);
    expect(t.history.map((h) => h.criteria)).toEqual([changed, boilersAndRepairs]);
    expect(t.history[0].changed_by).toEqual({ id: south.user.id, name: 'South' });
    expect(Date.parse(t.history[0].changed_at)).toBeGreaterThanOrEqual(Date.parse(t.history[1].changed_at));
    const log = await app.platform.store.readStream(`criteria-${south.user.id}`);
    expect(log.map((e) => e.type)).toEqual(['CriteriaTemplateChanged', 'CriteriaTemplateChanged']);
    // Another centre's template is its own.
    expect((await templateOf(north.token)).is_default).toBe(true);
  });
});

describe('a student’s progress per criterion', () => {
  it('counts each card for every criterion its job type matches, with the cards behind each', async () => {
    const p = await progressOf(amy.user.id, amy.token);
    expect(p.student_id).toBe(amy.user.id);
    expect(p.criteria.map((c) => c.code)).toEqual(['CCN1', 'CENWAT', 'CKR1', 'HTR1', 'MET1']);
    const [ccn1, cenwat] = p.criteria;
    // Every card evidences core gas safety.
    expect(ccn1).toMatchObject({ required: 10, evidenced: 5, met: false });
    expect(ccn1.cards.map((c) => c.signature_id).sort()).toEqual([...boilerCards, ...repairCards].sort());
    // A Boiler Installs card evidences CENWAT by its job type.
    const cenwatIds = cenwat.cards.map((c) => c.signature_id);
    for (const id of boilerCards) expect(cenwatIds).toContain(id);
    const card = ccn1.cards.find((c) => c.signature_id === boilerCards[0])!;
    expect(card).toMatchObject({ job_type: 'Boiler Installs', date: signature(1).mentor_signature.date });
    expect(p.total).toBe(5);
  });

  it('follows the template of the student’s centre, applied to the cards already signed', async () => {
    const p = await progressOf(ben.user.id, south.token);
    expect(p.criteria.map((c) => [c.code, c.evidenced, c.required, c.met])).toEqual([
      ['BOIL', 3, 2, true],
      ['REP', 2, 2, true],
    ]);
    expect(p.criteria[1].cards.every((c) => c.job_type === 'Repair')).toBe(true);
    expect(p.met).toBe(2);
  });

  it('is seen by the student, their centre and mentor, admins and auditors; anyone else gets 404', async () => {
    const path = `/api/students/${amy.user.id}/criteria`;
    for (const token of [amy.token, north.token, dave.token, admin, auditor])
      expect((await get(app, path, token)).status).toBe(200);
    for (const token of [ben.token, south.token, otherMentor.token]) {
      const r = await get(app, path, token);
      expect(r.status).toBe(404);
      expect(r.body).toEqual({ detail: 'Student not found' });
    }
    expect((await get(app, '/api/students/nobody/criteria', admin)).status).toBe(404);
    expect((await app.call('GET', path)).status).toBe(401);
  });

  it('records an auditor’s read in the access log', async () => {
    await ok(get(app, `/api/students/${ben.user.id}/criteria`, auditor));
    const log = await ok(get(app, '/api/audit/access-log', admin));
    expect(log).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ action: 'student_criteria', subject_type: 'student', subject_id: ben.user.id }),
      ]),
    );
  });

  it('counts a revoked card for nothing', async () => {
    const revokedId = boilerCards[0];
    await ok(app.call('POST', `/api/signatures/${revokedId}/dispute`, { reason: 'Not me on that job' }, amy.token));
    await ok(
      app.call('POST', `/api/admin/disputes/${revokedId}/resolve`, { outcome: 'upheld', reason: 'Agreed' }, admin),
    );
    const p = await progressOf(amy.user.id, north.token);
    expect(p.criteria[0].evidenced).toBe(4);
    for (const c of p.criteria) expect(c.cards.map((x) => x.signature_id)).not.toContain(revokedId);
  });
});
