import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { invoiceListResponse, ledgerResponse, type InvoiceView } from '@panda/contracts/payouts';
import { accessible, useApp } from './app';
import { downloaded, pdfText } from './downloads';
import { fillEvidence } from './evidence';
import { shot, toast } from './support';

/**
 * Mentor payouts in the browser (docs/rules.md#mentor-payouts), on the demo data with the server's clock in
 * 2027 (docs/rules.md#test-clock): an admin sets new rates; the mentor signs a Pipework card and the trainee
 * confirms it; the period closes (the server restarted with a later clock); the mentor sees the invoice with
 * the right totals and downloads its PDF; the mentor disputes it and the admin upholds the dispute with a
 * credit note (docs/rules.md#invoice-disputes) the mentor downloads; the admin runs the payout (the invoice
 * less its credit note) and downloads the bank CSV, and a second run is refused. Each screen at 1366 and 390 px, axe-core clean.
 */
const ADMIN = { email: 'ops@payouts.test', password: 'admin-e2e-password-1' };
const app = useApp({ demo: true, admin: ADMIN, env: { PANDA_TEST_CLOCK: '2027-01-20T09:00:00Z' } });
const WIDE = { width: 1366, height: 900 };
const PHONE = { width: 390, height: 844 };
const MENTOR = 'mentor@panda.demo';
const PERIOD = '2027-01-18';
const NEW_PIPEWORK_RATE = 3500;

const mentorLogin = () => ({ email: MENTOR, password: app.password(MENTOR) });
/** The mentor's token, to read what the screens should show from the API. */
async function mentorRead<T>(path: string, parse: { parse: (v: unknown) => T }): Promise<T> {
  const { token } = await app.api<{ token: string }>('POST', '/api/auth/signin', {
    Email: MENTOR,
    Password: app.password(MENTOR),
  });
  return parse.parse(await app.api('GET', path, undefined, token));
}

async function both(name: string, open: (viewport: typeof WIDE) => Promise<Page>, region = 'main') {
  for (const [label, viewport] of [
    ['1366', WIDE],
    ['390', PHONE],
  ] as const) {
    const page = await open(viewport);
    await accessible(page, `${name} at ${label} px`, region);
    await shot(page, `payouts-${name.replace(/\s+/g, '-')}-${label}`);
  }
}

const payoutsTab = async (viewport = WIDE) => {
  const page = await app.atPortal(ADMIN, viewport);
  await page.getByRole('tab', { name: 'Payouts' }).click();
  await page.getByRole('heading', { name: 'Rates' }).waitFor();
  return page;
};

const earnings = async (viewport = WIDE) => {
  const page = await app.signedIn(mentorLogin(), viewport);
  await page.goto(`${app.url}/dashboard?view=earnings`);
  await page.getByRole('heading', { name: 'This period so far' }).waitFor();
  return page;
};

describe('mentor payouts', () => {
  it('an admin sets new rates from a date; the history keeps the old ones', async () => {
    const page = await payoutsTab();
    const form = page.getByRole('form', { name: 'Set rates' });
    await form.getByLabel('Effective from').fill('2027-01-19');
    await form.getByLabel('Pipework (pence)').fill('-5');
    await form.getByRole('button', { name: 'Save rates' }).click();
    await form.getByText('A rate must be a whole number of pence, zero or more').waitFor();
    await form.getByLabel('Pipework (pence)').fill(String(NEW_PIPEWORK_RATE));
    await form.getByRole('button', { name: 'Save rates' }).click();
    await toast(page, 'Rates saved').waitFor();
    const history = page.getByRole('table', { name: 'Rate history' });
    await expect.poll(() => history.getByRole('row').count()).toBe(3);
    await history.getByRole('row').nth(1).getByText('£35.00').waitFor();
    await history.getByRole('row').nth(2).getByText('£30.00').waitFor();
    await both('admin rates', payoutsTab);
  });

  it('the mentor signs a Pipework card and the trainee confirms it: it earns the new rate', async () => {
    const mentor = await app.signedIn(mentorLogin());
    // The sign-off dialog dates the card by the device's clock: the mentor's device is on the server's day.
    await mentor.clock.setSystemTime(new Date('2027-01-20T09:00:00Z'));
    await mentor.goto(`${app.url}/dashboard?view=jobs`);
    await mentor.getByRole('button', { name: 'Mark Complete: Pipework for Liam Turner' }).click();
    const dialog = mentor.getByRole('dialog');
    await dialog.getByLabel('Signature', { exact: false }).first().fill('D. Clarke');
    await fillEvidence(mentor);
    await dialog.getByRole('button', { name: 'Sign & Complete' }).click();
    await toast(mentor, /Job marked as complete/).waitFor();

    const student = await app.signedIn('student');
    await student.getByTestId('notifications-bell').click();
    await student
      .getByRole('dialog', { name: 'Notifications' })
      .getByTestId('notification-item')
      .filter({ hasText: 'Job card signed' })
      .first()
      .click();
    await student.waitForURL(/view=jobs&signature=/);
    const id = new URL(student.url()).searchParams.get('signature')!;
    const row = student.locator(`[data-signature-id="${id}"]`);
    await row.getByRole('button', { name: 'Confirm' }).click();
    await student
      .getByRole('dialog', { name: 'Confirm this sign-off' })
      .getByRole('button', { name: 'Confirm sign-off' })
      .click();
    await toast(student, 'you confirmed this sign-off').waitFor();

    await expect
      .poll(async () => (await mentorRead('/api/mentor/ledger', ledgerResponse)).find((e) => e.signature_id === id))
      .toMatchObject({ kind: 'earning', amount_pence: NEW_PIPEWORK_RATE, invoice_number: null });
    await both('mentor earnings open period', earnings);
  });

  it('the mentor gives bank details: sort code 6 digits, account 8, shown masked once saved', async () => {
    const page = await app.signedIn(mentorLogin(), PHONE);
    await page.goto(`${app.url}/dashboard?view=profile`);
    await page.getByRole('button', { name: 'Change payout details' }).click();
    const dialog = page.getByRole('dialog', { name: 'Payout details' });
    await dialog.getByLabel('Sort code').fill('12345');
    await dialog.getByLabel('Account number').fill('1234567');
    await dialog.getByRole('button', { name: 'Save payout details' }).click();
    await dialog.getByText('Sort code must be 6 digits').waitFor();
    await dialog.getByText('Account number must be 8 digits').waitFor();
    await accessible(page, 'payout details dialog with errors at 390 px', '[role="dialog"]');
    await shot(page, 'payouts-payout-details-errors-390');
    await dialog.getByLabel('Sort code').fill('12-34-56');
    await dialog.getByLabel('Account number').fill('12345678');
    await dialog.getByRole('button', { name: 'Save payout details' }).click();
    await toast(page, 'Payout details saved').waitFor();
    const card = page.getByRole('region', { name: 'Payout details' });
    await card.getByText('••••56').waitFor();
    await card.getByText('••••••78').waitFor();
    expect(await card.getByText('12345678').count()).toBe(0);
    await both('mentor payout details', async (viewport) => {
      const p = await app.signedIn(mentorLogin(), viewport);
      await p.goto(`${app.url}/dashboard?view=profile`);
      await p.getByRole('region', { name: 'Payout details' }).getByText('••••56').waitFor();
      return p;
    });
  });

  let invoice: InvoiceView;
  it('the period closes; the mentor sees the invoice with the right totals and downloads its PDF', async () => {
    // docs/rules.md#test-clock: the server restarted after the period's end (1 February 2027, midnight UTC).
    await app.restart({ PANDA_TEST_CLOCK: '2027-02-01T00:10:00Z' });
    await expect
      .poll(
        async () =>
          (invoice = (await mentorRead('/api/mentor/invoices', invoiceListResponse)).find(
            (i) => i.period_start === PERIOD,
          )!),
        { timeout: 30_000 },
      )
      .toBeTruthy();
    const ledger = await mentorRead('/api/mentor/ledger', ledgerResponse);
    const lines = ledger.filter((e) => e.invoice_number === invoice.number);
    const net = lines.reduce((t, e) => t + e.amount_pence, 0);
    // docs/rules.md#vat-rounding: 20% of the net total to the nearest penny (the demo mentor is VAT registered).
    const vat = Math.round(net / 5);
    expect(lines.map((e) => e.amount_pence)).toContain(NEW_PIPEWORK_RATE);
    expect(invoice).toMatchObject({ net_pence: net, vat_pence: vat, gross_pence: net + vat, status: 'issued' });

    const pounds = (p: number) => `£${(p / 100).toLocaleString('en-GB', { minimumFractionDigits: 2 })}`;
    const page = await earnings();
    const item = page.getByRole('listitem', { name: `Invoice ${invoice.number}` });
    await item.getByText('Issued', { exact: true }).waitFor();
    for (const p of [net, vat, net + vat]) await item.getByText(pounds(p), { exact: true }).waitFor();
    const pdf = await downloaded(page, `Download PDF of invoice ${invoice.number}`);
    expect(pdf.name).toBe(`${invoice.number}.pdf`);
    const text = await pdfText(new Uint8Array(pdf.bytes));
    expect(text).toContain('Self-billing invoice');
    expect(text).toContain(invoice.number);
    expect(text).toContain('The VAT shown is your output tax due to HMRC.');
    expect(text).toContain((invoice.gross_pence / 100).toFixed(2));
    await both('mentor earnings with invoice', earnings);
  });

  it('the mentor disputes the invoice; the admin upholds it with a credit note the mentor downloads', async () => {
    // docs/rules.md#invoice-disputes: the dialogs at both widths, axe-core clean, before anything is sent.
    const disputeDialog = async (viewport: typeof WIDE) => {
      const p = await earnings(viewport);
      await p.getByRole('button', { name: `Dispute invoice ${invoice.number}` }).click();
      await p.getByRole('dialog', { name: `Dispute invoice ${invoice.number}` }).waitFor();
      return p;
    };
    await both('mentor dispute dialog', disputeDialog, '[role="dialog"]');
    const mentor = await disputeDialog(WIDE);
    const dialog = mentor.getByRole('dialog', { name: `Dispute invoice ${invoice.number}` });
    await dialog.getByLabel('What is wrong with the invoice?').fill('The Pipework card was a short job');
    await dialog.getByRole('button', { name: 'Dispute invoice' }).click();
    await toast(mentor, 'Invoice disputed').waitFor();
    await mentor
      .getByRole('listitem', { name: `Invoice ${invoice.number}` })
      .getByText('Disputed', { exact: true })
      .waitFor();

    const resolveDialog = async (viewport: typeof WIDE) => {
      const p = await payoutsTab(viewport);
      await p.getByRole('button', { name: `Resolve the dispute of invoice ${invoice.number}` }).click();
      const d = p.getByRole('dialog', { name: `Resolve the dispute of invoice ${invoice.number}` });
      await d.getByRole('radio', { name: 'Uphold: issue a credit note' }).check();
      await d.getByLabel('Credit, net of VAT (pence)').waitFor();
      return p;
    };
    await both('admin resolve dispute dialog', resolveDialog, '[role="dialog"]');
    const admin = await resolveDialog(WIDE);
    const d = admin.getByRole('dialog', { name: `Resolve the dispute of invoice ${invoice.number}` });
    await d.getByLabel('Credit, net of VAT (pence)').fill('500');
    await d.getByLabel('Reason (the mentor sees it)').fill('Paid at the Repair rate');
    await d.getByRole('button', { name: 'Resolve dispute' }).click();
    await toast(admin, /Dispute upheld: credit note CN-M\d{5}-1 issued/).waitFor();

    await expect
      .poll(
        async () =>
          (invoice = (await mentorRead('/api/mentor/invoices', invoiceListResponse)).find((i) => i.id === invoice.id)!)
            .credit_note,
        { timeout: 30_000 },
      )
      .toBeTruthy();
    // 500p net, the demo mentor's 20% VAT on it: 600p off the invoice's gross, which is not edited.
    expect(invoice.credit_note).toMatchObject({ net_pence: 500, vat_pence: 100, gross_pence: 600 });
    expect(invoice.payable_pence).toBe(invoice.gross_pence - 600);
    const page = await earnings();
    const note = invoice.credit_note!.number;
    const pdf = await downloaded(page, `Download credit note ${note}`);
    expect(pdf.name).toBe(`${note}.pdf`);
    const text = await pdfText(new Uint8Array(pdf.bytes));
    expect(text).toContain('Self-billing credit note');
    expect(text).toContain(note);
    expect(text).toContain(invoice.number);
    await both('mentor earnings with credit note', earnings);
  });

  it('the admin runs the payout for the period and downloads the CSV; a second run is refused', async () => {
    const page = await payoutsTab();
    const form = page.getByRole('form', { name: 'Payout run' });
    await form.getByLabel('Period (its first day)').fill(PERIOD);
    const csv = await downloaded(page, 'Run payout and download CSV');
    expect(csv.name).toBe(`payout-${PERIOD}.csv`);
    expect(csv.bytes.toString('utf8')).toBe(
      `payee,sort_code,account_number,amount,reference\r\nClarke Heating & Gas Ltd,123456,12345678,${(invoice.payable_pence / 100).toFixed(2)},${invoice.number}\r\n`,
    );
    await page.getByText(`Payout run made: payout-${PERIOD}.csv downloaded.`).waitFor();
    const invoices = page.getByRole('table', { name: 'Invoices' });
    await invoices.getByRole('row').filter({ hasText: invoice.number }).getByText('Paid').waitFor();

    await form.getByRole('button', { name: 'Run payout and download CSV' }).click();
    await page.getByRole('alert').filter({ hasText: 'This period has already been paid' }).first().waitFor();
    await both('admin payouts after the run', async (viewport) => {
      const p = await payoutsTab(viewport);
      await p.getByRole('table', { name: 'Invoices' }).getByText('Paid').first().waitFor();
      return p;
    });
    const mentor = await earnings(PHONE);
    await mentor
      .getByRole('listitem', { name: `Invoice ${invoice.number}` })
      .getByText('Paid', { exact: true })
      .waitFor();
  });
});
