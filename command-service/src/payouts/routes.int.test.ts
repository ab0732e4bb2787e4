import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payoutDetailsResponse, ratesResponse, RATE_MESSAGE, VAT_NUMBER_MESSAGE } from '@panda/contracts/payouts';
import { startTestApp, type TestApp } from '@panda/server/testing/harness';
import { AUDIT_ACCESS_STREAM } from '@panda/events/catalogue/audit';
import { payoutStream } from '@panda/events/catalogue/payouts';
import type { Login } from '../admin/test-fixtures';
import { readyMentor, registeredStudent, vettedCentre } from '../training/test-fixtures';

let app: TestApp;
let admin: string;
let mentor: Login;
let otherMentor: Login;
let centre: Login;
let student: Login;

const RATES = { Boiler_Installs: 12000, Boiler_Service: 4000, Pipework: 3000, Repair: 2500 };
const BANK = { Bank_Account_Name: 'Dave Clarke', Sort_Code: '12-34-56', Account_Number: '12345678' };

beforeAll(async () => {
  app = await startTestApp({ env: { SEED_DEMO: '0' } });
  admin = await app.adminToken();
  mentor = await readyMentor(app, { First_Name: 'Dave', Last_Name: 'Clarke' }, { VAT_Registered: true });
  otherMentor = await readyMentor(app);
  centre = await vettedCentre(app);
  student = await registeredStudent(app, centre);
});
afterAll(() => app?.stop());

describe('PUT/GET /api/admin/rates', () => {
  it('admins set rates from a date; the history is kept, the latest effective date first', async () => {
    const first = await app.call('PUT', '/api/admin/rates', { effective_from: '2026-01-05', rates: RATES }, admin);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const second = await app.call(
      'PUT',
      '/api/admin/rates',
      { effective_from: '2026-03-02', rates: { ...RATES, Repair: 2750 } },
      admin,
    );
    expect(second.status).toBe(200);
    const r = await app.call('GET', '/api/admin/rates', undefined, admin);
    expect(r.status).toBe(200);
    const body = ratesResponse.parse(r.body);
    expect(body.history.map((h) => [h.effective_from, h.rates.Repair])).toEqual([
      ['2026-03-02', 2750],
      ['2026-01-05', 2500],
    ]);
    expect(body.no_rate).toEqual([]);
  });

  it('refuses a negative or non-integer rate, and records nothing', async () => {
    const before = await app.platform.store.readStream('payout-rates');
    for (const bad of [-1, 12.5, '100']) {
      const r = await app.call(
        'PUT',
        '/api/admin/rates',
        { effective_from: '2026-01-05', rates: { ...RATES, Pipework: bad } },
        admin,
      );
      expect(r.status).toBe(400);
      expect(r.body.detail).toEqual([{ field: 'rates.Pipework', message: RATE_MESSAGE }]);
    }
    const missing = await app.call('PUT', '/api/admin/rates', { effective_from: '2026-02-30', rates: RATES }, admin);
    expect(missing.status).toBe(400);
    expect(await app.platform.store.readStream('payout-rates')).toHaveLength(before.length);
  });

  it('only admins: mentors, centres and students are refused', async () => {
    for (const who of [mentor, centre, student]) {
      expect((await app.call('GET', '/api/admin/rates', undefined, who.token)).status).toBe(403);
      expect(
        (await app.call('PUT', '/api/admin/rates', { effective_from: '2026-01-05', rates: RATES }, who.token)).status,
      ).toBe(403);
    }
    expect((await app.call('GET', '/api/admin/rates')).status).toBe(401);
  });
});

describe('PUT/GET /api/mentor/payout-details', () => {
  it('keeps the bank details sealed in the log and answers them masked; every view is an audit read', async () => {
    const saved = await app.call(
      'PUT',
      '/api/mentor/payout-details',
      { VAT_Number: 'GB 999 9999 73', ...BANK },
      mentor.token,
    );
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const events = await app.platform.store.readStream(payoutStream(mentor.user.id));
    const raw = JSON.stringify(events.map((e) => e.data));
    expect(raw).not.toContain('12345678');
    expect(raw).not.toContain('123456');
    expect(raw).not.toContain('Dave Clarke');

    const reads = async () =>
      (await app.platform.store.readStream(AUDIT_ACCESS_STREAM)).filter(
        (e) => (e.data as { action: string; accountId: string }).action === 'bank_details',
      );
    const readsBefore = (await reads()).length;
    const r = await app.call('GET', '/api/mentor/payout-details', undefined, mentor.token);
    expect(r.status).toBe(200);
    expect(payoutDetailsResponse.parse(r.body)).toEqual({
      VAT_Registered: true,
      VAT_Number: 'GB999999973',
      Bank_Account_Name: 'Dave Clarke',
      Sort_Code: '••••56',
      Account_Number: '••••••78',
      self_billing_agreed_at: expect.any(String),
    });
    const after = await reads();
    expect(after).toHaveLength(readsBefore + 1);
    expect(after[after.length - 1].data).toMatchObject({ accountId: mentor.user.id, subjectId: mentor.user.id });
  });

  it('refuses a VAT number failing its check, a 5-digit sort code and a 7-digit account number; nothing recorded', async () => {
    const before = (await app.platform.store.readStream(payoutStream(otherMentor.user.id))).length;
    const vat = await app.call(
      'PUT',
      '/api/mentor/payout-details',
      { VAT_Number: 'GB999999974', ...BANK },
      otherMentor.token,
    );
    expect(vat.status).toBe(400);
    expect(vat.body.detail).toEqual([{ field: 'VAT_Number', message: VAT_NUMBER_MESSAGE }]);
    const sort = await app.call(
      'PUT',
      '/api/mentor/payout-details',
      { ...BANK, Sort_Code: '12345' },
      otherMentor.token,
    );
    expect(sort.body.detail).toEqual([{ field: 'Sort_Code', message: 'Sort code must be 6 digits' }]);
    const acct = await app.call(
      'PUT',
      '/api/mentor/payout-details',
      { ...BANK, Account_Number: '1234567' },
      otherMentor.token,
    );
    expect(acct.body.detail).toEqual([{ field: 'Account_Number', message: 'Account number must be 8 digits' }]);
    expect((await app.platform.store.readStream(payoutStream(otherMentor.user.id))).length).toBe(before);
  });

  it('a mentor without details reads nulls; other roles are refused', async () => {
    const r = await app.call('GET', '/api/mentor/payout-details', undefined, otherMentor.token);
    expect(payoutDetailsResponse.parse(r.body)).toMatchObject({
      Sort_Code: null,
      Account_Number: null,
      VAT_Number: null,
    });
    for (const who of [centre, student]) {
      expect((await app.call('GET', '/api/mentor/payout-details', undefined, who.token)).status).toBe(403);
      expect((await app.call('PUT', '/api/mentor/payout-details', BANK, who.token)).status).toBe(403);
    }
    expect((await app.call('GET', '/api/mentor/payout-details', undefined, admin)).status).toBe(403);
  });
});
