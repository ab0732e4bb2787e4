import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CREDIT_MESSAGE,
  earningsSummary,
  invoiceListResponse,
  ledgerResponse,
  ratesResponse,
  type InvoiceView,
} from '@panda/contracts/payouts';
import { TEST_ADMIN, TEST_PASSWORD, startTestApp, type TestApp } from '@panda/server/testing/harness';
import { completeJobResponse } from '@panda/contracts/training';
import { notificationsPageSchema } from '@panda/contracts/notifications';
import { nextLink } from '@panda/contracts/paging';
import { uniqueEmail } from '../admin/test-fixtures';
import { jobOfType, place, readyMentor, registeredStudent, signature, vettedCentre } from '../training/test-fixtures';

/**
 * The payouts journey on one server whose clock the test moves (injected, docs/rules.md#test-clock):
 * earnings on confirmation and after 7 days, invoices at the period's end, disputes, the payout run.
 */
let app: TestApp;
let now = Date.parse('2027-01-18T08:00:00.000Z');
const at = (iso: string) => (now = Date.parse(iso));

const emails = { dave: uniqueEmail('dave'), erin: uniqueEmail('erin') };
const ids: Record<string, string> = {};
const tokens: Record<string, string> = {};
let studentEmails: { amy: string; bob: string };

async function signInAll() {
  for (const [who, email] of Object.entries({ ...emails, ...studentEmails }))
    tokens[who] = (await app.signIn(email, TEST_PASSWORD)).token;
  const r = await app.call('POST', '/api/admin/auth/signin', {
    email: TEST_ADMIN.email,
    password: TEST_ADMIN.password,
  });
  tokens.admin = r.body.token;
}
const settle = async () => {
  await app.platform.reactors.catchUp();
  await app.platform.commandDeps.waitForProjections(await app.platform.store.headPosition());
};
const tick = async () => {
  await settle();
  const r = await app.platform.payouts.tick();
  await settle();
  return r;
};
const get = async (path: string, who: string) => app.call('GET', path, undefined, tokens[who]);
const kindsOf = async (who: string) => {
  await settle();
  return notificationsPageSchema.parse((await get('/api/notifications', who)).body).map((n) => [n.kind, n.title]);
};

async function sign(
  who: 'dave' | 'erin',
  student: 'amy' | 'bob',
  n: number,
  date = '2027-01-19',
  type = 'Boiler Service',
) {
  const job = await jobOfType(app, tokens[who], type, ids[student]);
  const body = signature(n);
  const r = await app.call(
    'PUT',
    `/api/jobs/${job.id}/complete`,
    { ...body, mentor_signature: { ...body.mentor_signature, date } },
    tokens[who],
  );
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return completeJobResponse.parse(r.body).signature!.signature_id;
}

const RATES = { Boiler_Installs: 12000, Boiler_Service: 4000, Pipework: 3000, Repair: 2500 };
const BANK = { Bank_Account_Name: 'Dave Clarke', Sort_Code: '12-34-56', Account_Number: '12345678' };
const sigs: Record<string, string> = {};

beforeAll(async () => {
  app = await startTestApp({ env: { SEED_DEMO: '0' }, overrides: { clock: () => new Date(now) } });
  const centre = await vettedCentre(app);
  const dave = await readyMentor(
    app,
    { First_Name: 'Dave', Last_Name: 'Clarke', Email: emails.dave },
    { VAT_Registered: true },
  );
  const erin = await readyMentor(app, { First_Name: 'Erin', Last_Name: 'Ash', Email: emails.erin });
  const amy = await registeredStudent(app, centre, { First_Name: 'Amy' });
  const bob = await registeredStudent(app, centre, { First_Name: 'Bob' });
  studentEmails = { amy: amy.email, bob: bob.email };
  Object.assign(ids, { dave: dave.user.id, erin: erin.user.id, amy: amy.user.id, bob: bob.user.id });
  await place(app, amy, dave);
  await place(app, bob, erin);
  await signInAll();
  expect(
    (await app.call('PUT', '/api/admin/rates', { effective_from: '2027-01-19', rates: RATES }, tokens.admin)).status,
  ).toBe(200);
  expect(
    (await app.call('PUT', '/api/mentor/payout-details', { VAT_Number: 'GB999999973', ...BANK }, tokens.dave)).status,
  ).toBe(200);
});
afterAll(() => app?.stop());

describe('the ledger', () => {
  it('a confirmed sign-off earns the rate in force on its work date; before a rate, it is listed as no rate', async () => {
    at('2027-01-20T09:00:00.000Z');
    await signInAll();
    sigs.a = await sign('dave', 'amy', 1);
    sigs.b = await sign('dave', 'amy', 2);
    sigs.c = await sign('dave', 'amy', 3);
    sigs.d = await sign('erin', 'bob', 1);
    sigs.early = await sign('erin', 'bob', 2, '2027-01-18');
    for (const [sig, who] of [
      [sigs.a, 'amy'],
      [sigs.d, 'bob'],
      [sigs.early, 'bob'],
    ])
      expect((await app.call('POST', `/api/signatures/${sig}/confirm`, undefined, tokens[who])).status).toBe(200);
    expect((await app.call('POST', `/api/signatures/${sigs.c}/dispute`, { reason: 'Not me' }, tokens.amy)).status).toBe(
      200,
    );
    await settle();
    const dave = ledgerResponse.parse((await get('/api/mentor/ledger', 'dave')).body);
    expect(dave.map((e) => [e.signature_id, e.kind, e.amount_pence, e.work_date])).toEqual([
      [sigs.a, 'earning', 4000, '2027-01-19'],
    ]);
    const erin = ledgerResponse.parse((await get('/api/mentor/ledger', 'erin')).body);
    expect(erin.map((e) => e.signature_id)).toEqual([sigs.d]);
    const summary = earningsSummary.parse((await get('/api/mentor/earnings', 'dave')).body);
    expect(summary).toMatchObject({ period_start: '2027-01-18', period_end: '2027-02-01', uninvoiced_pence: 4000 });
    expect(summary.pending.map((p) => [p.signature_id, p.status, p.earns_at !== null]).sort()).toEqual(
      [
        [sigs.b, 'awaiting_confirmation', true],
        [sigs.c, 'disputed', false],
      ].sort(),
    );
    expect((await get('/api/mentor/earnings', 'amy')).status).toBe(403);
    const rates = ratesResponse.parse((await get('/api/admin/rates', 'admin')).body);
    expect(rates.no_rate.map((n) => [n.signature_id, n.work_date, n.mentor_name])).toEqual([
      [sigs.early, '2027-01-18', 'Erin Ash'],
    ]);
  });

  it('an unanswered sign-off earns once 7 days have passed; a disputed one does not', async () => {
    expect((await tick()).earned).toBe(0);
    at('2027-01-27T09:30:00.000Z');
    await signInAll();
    expect((await tick()).earned).toBe(1);
    expect((await tick()).earned).toBe(0);
    const dave = ledgerResponse.parse((await get('/api/mentor/ledger', 'dave')).body);
    expect(dave.map((e) => e.signature_id).sort()).toEqual([sigs.a, sigs.b].sort());
    expect(dave.reduce((t, e) => t + e.amount_pence, 0)).toBe(8000);
  });

  it('only mentors read a ledger, each their own', async () => {
    for (const who of ['amy', 'admin']) expect((await get('/api/mentor/ledger', who)).status).toBe(403);
  });
});

let daveInvoice: InvoiceView;
let erinInvoice: InvoiceView;
describe('invoices', () => {
  it('at the period end each mentor with entries gets a numbered invoice, VAT only for the VAT-registered', async () => {
    at('2027-02-01T00:05:00.000Z');
    await signInAll();
    expect((await tick()).invoiced).toBe(2);
    expect((await tick()).invoiced).toBe(0);
    const dave = invoiceListResponse.parse((await get('/api/mentor/invoices', 'dave')).body);
    expect(dave).toHaveLength(1);
    daveInvoice = dave[0];
    expect(daveInvoice).toMatchObject({
      number: 'SB-M00001-1',
      period_start: '2027-01-18',
      period_end: '2027-02-01',
      net_pence: 8000,
      vat_pence: 1600,
      gross_pence: 9600,
      vat_number: 'GB999999973',
      status: 'issued',
    });
    expect(daveInvoice.lines.reduce((t, l) => t + l.amount_pence, 0)).toBe(daveInvoice.net_pence);
    const erin = invoiceListResponse.parse((await get('/api/mentor/invoices', 'erin')).body);
    erinInvoice = erin[0];
    expect(erin.map((i) => [i.number, i.net_pence, i.vat_pence, i.gross_pence])).toEqual([
      ['SB-M00002-1', 4000, 0, 4000],
    ]);
    const all = invoiceListResponse.parse((await get('/api/admin/invoices', 'admin')).body);
    expect(all.map((i) => i.number).sort()).toEqual(['SB-M00001-1', 'SB-M00002-1']);
    const ledger = ledgerResponse.parse((await get('/api/mentor/ledger', 'dave')).body);
    expect(ledger.map((e) => e.invoice_number)).toEqual(['SB-M00001-1', 'SB-M00001-1']);
    expect(await kindsOf('dave')).toContainEqual(['invoice_issued', 'Invoice SB-M00001-1 issued']);
  });

  it('the ledger and both invoice lists page by Link, one item at a time, with X-Total-Count', async () => {
    // docs/rules.md#list-paging: every item once, the same total on each page, no Link on the last.
    const walk = async (path: string, who: string) => {
      const numbers: string[] = [];
      let url: string | null = `${path}?limit=1`;
      while (url) {
        const r = await get(url, who);
        expect(r.status, JSON.stringify(r.body)).toBe(200);
        const items = (path.endsWith('ledger') ? ledgerResponse : invoiceListResponse).parse(r.body);
        expect(items).toHaveLength(1);
        expect(r.headers.get('x-total-count')).toBe(
          String(numbers.length + 1 + (nextLink(r.headers.get('link')) ? 1 : 0)),
        );
        numbers.push(items[0].id);
        url = nextLink(r.headers.get('link'));
      }
      return numbers;
    };
    const ledger = ledgerResponse.parse((await get('/api/mentor/ledger', 'dave')).body);
    expect(await walk('/api/mentor/ledger', 'dave')).toEqual(ledger.map((e) => e.id));
    expect(await walk('/api/mentor/invoices', 'dave')).toEqual([daveInvoice.id]);
    const all = invoiceListResponse.parse((await get('/api/admin/invoices', 'admin')).body);
    expect(await walk('/api/admin/invoices', 'admin')).toEqual(all.map((i) => i.id));
    const found = await get('/api/admin/invoices?q=m00002', 'admin');
    expect(invoiceListResponse.parse(found.body).map((i) => i.number)).toEqual(['SB-M00002-1']);
    expect(found.headers.get('x-total-count')).toBe('1');
    expect((await get('/api/mentor/ledger?limit=0', 'dave')).status).toBe(400);
  });

  it('the PDF: the mentor their own, admins any; others not', async () => {
    const pdf = await fetch(`${app.url}/api/mentor/invoices/${daveInvoice.id}.pdf`, {
      headers: { authorization: `Bearer ${tokens.dave}` },
    });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toMatch(/application\/pdf/);
    const bytes = Buffer.from(await pdf.arrayBuffer());
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await get(`/api/mentor/invoices/${daveInvoice.id}.pdf`, 'erin')).status).toBe(404);
    expect((await get(`/api/admin/invoices/${daveInvoice.id}.pdf`, 'admin')).status).toBe(200);
    for (const who of ['amy', 'bob']) {
      expect((await get(`/api/mentor/invoices/${daveInvoice.id}.pdf`, who)).status).toBe(403);
      expect((await get('/api/mentor/invoices', who)).status).toBe(403);
      expect((await get('/api/admin/invoices', who)).status).toBe(403);
    }
    expect((await get('/api/admin/invoices', 'dave')).status).toBe(403);
  });

  it('a mentor may dispute their own invoice once, within 7 days', async () => {
    const path = `/api/mentor/invoices/${erinInvoice.id}/dispute`;
    expect((await app.call('POST', path, { reason: 'x' }, tokens.dave)).status).toBe(404);
    expect((await app.call('POST', path, { reason: ' ' }, tokens.erin)).status).toBe(400);
    expect((await app.call('POST', path, { reason: 'x' }, tokens.amy)).status).toBe(403);
    expect((await app.call('POST', path, { reason: 'A card is missing' }, tokens.erin)).status).toBe(200);
    const again = await app.call('POST', path, { reason: 'again' }, tokens.erin);
    expect(again.status).toBe(409);
    expect(again.body.detail).toBe('This invoice has already been disputed');
    await settle();
    const erin = invoiceListResponse.parse((await get('/api/mentor/invoices', 'erin')).body);
    expect(erin[0]).toMatchObject({ status: 'disputed', dispute_reason: 'A card is missing' });
  });
});

describe('payout runs', () => {
  it('refuses a period that is not a period, or has not ended; and anyone but an admin', async () => {
    expect((await app.call('POST', '/api/admin/payout-runs', { period: '2027-01-19' }, tokens.admin)).status).toBe(400);
    expect((await app.call('POST', '/api/admin/payout-runs', { period: '2027-02-01' }, tokens.admin)).status).toBe(400);
    for (const who of ['dave', 'amy'])
      expect((await app.call('POST', '/api/admin/payout-runs', { period: '2027-01-18' }, tokens[who])).status).toBe(
        403,
      );
  });

  it("pays the period's undisputed invoices as a bank CSV, marks them paid, and refuses a second run", async () => {
    const r = await fetch(`${app.url}/api/admin/payout-runs`, {
      method: 'POST',
      headers: { authorization: `Bearer ${tokens.admin}`, 'content-type': 'application/json' },
      body: JSON.stringify({ period: '2027-01-18' }),
    });
    expect(r.status).toBe(201);
    expect(r.headers.get('content-type')).toMatch(/text\/csv/);
    expect(await r.text()).toBe(
      'payee,sort_code,account_number,amount,reference\r\nDave Clarke,123456,12345678,96.00,SB-M00001-1\r\n',
    );
    const again = await app.call('POST', '/api/admin/payout-runs', { period: '2027-01-18' }, tokens.admin);
    expect(again.status).toBe(409);
    expect(again.body.detail).toBe('This period has already been paid');
    await settle();
    const all = invoiceListResponse.parse((await get('/api/admin/invoices', 'admin')).body);
    expect(Object.fromEntries(all.map((i) => [i.number, i.status]))).toEqual({
      'SB-M00001-1': 'paid',
      'SB-M00002-1': 'disputed',
    });
    const notices = notificationsPageSchema.parse((await get('/api/notifications', 'dave')).body);
    expect(notices.find((n) => n.kind === 'payout_made')?.message).toBe(
      '£96.00 for invoice SB-M00001-1 has been sent to your bank account.',
    );
    expect((await kindsOf('erin')).map(([k]) => k)).not.toContain('payout_made');
  });

  it('an upheld dispute after payment reverses the earning; a negative period carries forward', async () => {
    at('2027-02-02T09:00:00.000Z');
    await signInAll();
    expect(
      (await app.call('POST', `/api/signatures/${sigs.b}/dispute`, { reason: 'Not on site' }, tokens.amy)).status,
    ).toBe(200);
    expect(
      (
        await app.call(
          'POST',
          `/api/admin/disputes/${sigs.b}/resolve`,
          { outcome: 'upheld', reason: 'Site diary' },
          tokens.admin,
        )
      ).status,
    ).toBe(200);
    await settle();
    const ledger = ledgerResponse.parse((await get('/api/mentor/ledger', 'dave')).body);
    expect(ledger[0]).toMatchObject({
      signature_id: sigs.b,
      kind: 'reversal',
      amount_pence: -4000,
      invoice_number: null,
    });
    at('2027-02-15T00:05:00.000Z');
    await signInAll();
    expect((await tick()).invoiced).toBe(0);
    const dave = invoiceListResponse.parse((await get('/api/mentor/invoices', 'dave')).body);
    expect(dave).toHaveLength(1);
  });
});

describe('invoice dispute resolution', () => {
  const resolve = (id: string, body: object, who = 'admin') =>
    app.call('POST', `/api/admin/invoices/${id}/resolve-dispute`, body, tokens[who]);

  it('a dispute raised tells the admins, not the mentor who raised it', async () => {
    expect(await kindsOf('admin')).toContainEqual(['invoice_disputed', 'Invoice SB-M00002-1 disputed']);
    expect((await kindsOf('erin')).map(([k]) => k)).not.toContain('invoice_disputed');
  });

  it('only an admin resolves; bad input, an undisputed or unknown invoice are refused and nothing is recorded', async () => {
    const head = await app.platform.store.headPosition();
    for (const who of ['dave', 'erin', 'amy'])
      expect((await resolve(erinInvoice.id, { outcome: 'rejected', reason: 'x' }, who)).status).toBe(403);
    const noCredit = await resolve(erinInvoice.id, { outcome: 'upheld', reason: 'x' });
    expect(noCredit.status).toBe(400);
    expect(noCredit.body.detail).toEqual([{ field: 'credit_pence', message: CREDIT_MESSAGE }]);
    expect((await resolve(erinInvoice.id, { outcome: 'upheld', credit_pence: 1.5, reason: 'x' })).status).toBe(400);
    const tooMuch = await resolve(erinInvoice.id, { outcome: 'upheld', credit_pence: 4001, reason: 'x' });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.detail).toBe('The credit must be at least 1p and no more than the invoice’s net');
    const undisputed = await resolve(daveInvoice.id, { outcome: 'rejected', reason: 'x' });
    expect(undisputed.status).toBe(409);
    expect(undisputed.body.detail).toBe('This invoice has no dispute to resolve');
    expect((await resolve('nope', { outcome: 'rejected', reason: 'x' })).status).toBe(404);
    expect((await resolve(`2027-01-18-${ids.amy}`, { outcome: 'rejected', reason: 'x' })).status).toBe(404);
    expect(await app.platform.store.headPosition()).toBe(head);
  });

  it('upheld: a credit note of its own number and PDF; the mentor hears of it; resolved once', async () => {
    const r = await resolve(erinInvoice.id, { outcome: 'upheld', credit_pence: 1000, reason: 'One card was Repair' });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({
      credit_note_number: 'CN-M00002-1',
      message: 'Dispute upheld: credit note CN-M00002-1 issued',
    });
    const again = await resolve(erinInvoice.id, { outcome: 'rejected', reason: 'x' });
    expect(again.status).toBe(409);
    expect(again.body.detail).toBe("This invoice's dispute has already been resolved");
    await settle();
    const [erin] = invoiceListResponse.parse((await get('/api/mentor/invoices', 'erin')).body);
    // The invoice itself is not edited: its totals stand, and the credit note is beside it.
    expect(erin).toMatchObject({
      number: 'SB-M00002-1',
      status: 'issued',
      net_pence: 4000,
      gross_pence: 4000,
      dispute_outcome: 'upheld',
      resolution_reason: 'One card was Repair',
      credit_note: { number: 'CN-M00002-1', net_pence: 1000, vat_pence: 0, gross_pence: 1000 },
      payable_pence: 3000,
    });
    const notices = notificationsPageSchema.parse((await get('/api/notifications', 'erin')).body);
    expect(notices.find((n) => n.kind === 'invoice_dispute_resolved')?.message).toBe(
      'Your dispute of invoice SB-M00002-1 was upheld: credit note CN-M00002-1 for £10.00. Reason: One card was Repair',
    );
    const pdf = await fetch(`${app.url}/api/mentor/invoices/${erinInvoice.id}/credit-note.pdf`, {
      headers: { authorization: `Bearer ${tokens.erin}` },
    });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-disposition')).toContain('CN-M00002-1.pdf');
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    expect((await get(`/api/mentor/invoices/${erinInvoice.id}/credit-note.pdf`, 'dave')).status).toBe(404);
    expect((await get(`/api/mentor/invoices/${erinInvoice.id}/credit-note.pdf`, 'amy')).status).toBe(403);
    expect((await get(`/api/admin/invoices/${erinInvoice.id}/credit-note.pdf`, 'admin')).status).toBe(200);
    expect((await get(`/api/admin/invoices/${daveInvoice.id}/credit-note.pdf`, 'admin')).status).toBe(404);
    expect((await get(`/api/admin/invoices/${erinInvoice.id}/credit-note.pdf`, 'erin')).status).toBe(403);
  });

  it('the next run pays the resolved invoice less its credit note; it is paid once', async () => {
    expect(
      (
        await app.call(
          'PUT',
          '/api/mentor/payout-details',
          { VAT_Number: '', ...BANK, Bank_Account_Name: 'Erin Ash' },
          tokens.erin,
        )
      ).status,
    ).toBe(200);
    // Two periods have ended, and each run would pay the invoice left unpaid while its dispute was open:
    // made at once, only one of them pays it.
    at('2027-03-01T00:05:00.000Z');
    await signInAll();
    await tick();
    const run = (period: string) =>
      fetch(`${app.url}/api/admin/payout-runs`, {
        method: 'POST',
        headers: { authorization: `Bearer ${tokens.admin}`, 'content-type': 'application/json' },
        body: JSON.stringify({ period }),
      });
    const runs = await Promise.all([run('2027-02-01'), run('2027-02-15')]);
    // The other run finds nothing left to pay, and is refused as such.
    expect(runs.map((r) => r.status).sort()).toEqual([201, 400]);
    const paid = runs.find((r) => r.status === 201)!;
    const lines = (await paid.text()).split('\r\n');
    expect(lines.filter((l) => l.includes('SB-M00002-1'))).toEqual(['Erin Ash,123456,12345678,30.00,SB-M00002-1']);
    await settle();
    const [erin] = invoiceListResponse.parse((await get('/api/mentor/invoices', 'erin')).body);
    expect(erin.status).toBe('paid');
  });
});

describe('a paid invoice disputed within its 7 days', () => {
  const runCsv = async (period: string) => {
    const r = await fetch(`${app.url}/api/admin/payout-runs`, {
      method: 'POST',
      headers: { authorization: `Bearer ${tokens.admin}`, 'content-type': 'application/json' },
      body: JSON.stringify({ period }),
    });
    expect(r.status).toBe(201);
    return r.text();
  };
  const erinInvoices = async () => invoiceListResponse.parse((await get('/api/mentor/invoices', 'erin')).body);
  let paidInvoice: InvoiceView;

  it('may be disputed once paid; upheld, its credit note is taken off the next payout, not the paid invoice', async () => {
    at('2027-03-01T09:00:00.000Z');
    await signInAll();
    const sig = await sign('erin', 'bob', 3, '2027-03-01');
    expect((await app.call('POST', `/api/signatures/${sig}/confirm`, undefined, tokens.bob)).status).toBe(200);
    at('2027-03-15T00:05:00.000Z');
    await signInAll();
    expect((await tick()).invoiced).toBe(1);
    expect(await runCsv('2027-03-01')).toBe(
      'payee,sort_code,account_number,amount,reference\r\nErin Ash,123456,12345678,40.00,SB-M00002-2\r\n',
    );
    await settle();
    paidInvoice = (await erinInvoices()).find((i) => i.number === 'SB-M00002-2')!;
    expect(paidInvoice).toMatchObject({ status: 'paid', gross_pence: 4000, payable_pence: 4000 });

    at('2027-03-16T09:00:00.000Z');
    await signInAll();
    const disputed = await app.call(
      'POST',
      `/api/mentor/invoices/${paidInvoice.id}/dispute`,
      { reason: 'Charged as Boiler Service, was a Repair' },
      tokens.erin,
    );
    expect(disputed.status, JSON.stringify(disputed.body)).toBe(200);
    const r = await app.call(
      'POST',
      `/api/admin/invoices/${paidInvoice.id}/resolve-dispute`,
      { outcome: 'upheld', credit_pence: 1000, reason: 'Repair rate' },
      tokens.admin,
    );
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.credit_note_number).toBe('CN-M00002-2');
    await settle();
    // The paid invoice stays paid and is not edited; what it paid stands.
    expect((await erinInvoices()).find((i) => i.id === paidInvoice.id)).toMatchObject({
      status: 'paid',
      gross_pence: 4000,
      payable_pence: 4000,
      credits_applied: [],
      credit_note: { number: 'CN-M00002-2', gross_pence: 1000, taken_off_next_payout: true },
    });
    const notices = notificationsPageSchema.parse((await get('/api/notifications', 'erin')).body);
    expect(notices.find((n) => n.kind === 'invoice_dispute_resolved')?.message).toBe(
      'Your dispute of invoice SB-M00002-2 was upheld: credit note CN-M00002-2 for £10.00, taken off your next payout as the invoice was paid. Reason: Repair rate',
    );
  });

  it("the next run pays the mentor's next invoice less the credit note, once; the run is the sum of its payments", async () => {
    // Bob's Boiler Service job has all its cards now: Pipework (3000p) from here on.
    const sig = await sign('erin', 'bob', 1, '2027-03-16', 'Pipework');
    expect((await app.call('POST', `/api/signatures/${sig}/confirm`, undefined, tokens.bob)).status).toBe(200);
    at('2027-03-29T00:05:00.000Z');
    await signInAll();
    expect((await tick()).invoiced).toBe(1);
    expect(await runCsv('2027-03-15')).toBe(
      'payee,sort_code,account_number,amount,reference\r\nErin Ash,123456,12345678,20.00,SB-M00002-3\r\n',
    );
    await settle();
    const next = (await erinInvoices()).find((i) => i.number === 'SB-M00002-3')!;
    expect(next).toMatchObject({
      status: 'paid',
      gross_pence: 3000,
      payable_pence: 2000,
      credits_applied: [{ number: 'CN-M00002-2', pence: 1000 }],
    });
    const runs = (await app.platform.store.readStream('payout-run-2027-03-15')).map(
      (e) => e.data as { totalPence: number; invoices: { grossPence: number }[] },
    );
    expect(runs.map((d) => [d.totalPence, d.invoices.reduce((t, i) => t + i.grossPence, 0)])).toEqual([[2000, 2000]]);
    const notices = notificationsPageSchema.parse((await get('/api/notifications', 'erin')).body);
    expect(notices.map((n) => n.message)).toContain(
      '£20.00 for invoice SB-M00002-3 has been sent to your bank account (less credit note CN-M00002-2, £10.00).',
    );

    // Taken off once: the payout after it pays in full.
    at('2027-03-30T09:00:00.000Z');
    await signInAll();
    const sig2 = await sign('erin', 'bob', 2, '2027-03-30', 'Pipework');
    expect((await app.call('POST', `/api/signatures/${sig2}/confirm`, undefined, tokens.bob)).status).toBe(200);
    at('2027-04-12T00:05:00.000Z');
    await signInAll();
    expect((await tick()).invoiced).toBe(1);
    expect(await runCsv('2027-03-29')).toBe(
      'payee,sort_code,account_number,amount,reference\r\nErin Ash,123456,12345678,30.00,SB-M00002-4\r\n',
    );
  });
});
