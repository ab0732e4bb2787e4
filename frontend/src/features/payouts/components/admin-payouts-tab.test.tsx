import { describe, expect, it } from 'vitest';
import { testUser } from '../../../testing/fixtures';
import { formKit } from '../../../testing/form-kit';
import {
  adminPayoutsHandlers,
  creditedInvoice,
  disputedInvoice,
  invoiceFixture,
} from '../../../testing/handlers/payouts';
import { contractHttp } from '../../../testing/contract-http';
import { descriptionOf, toastMessages } from '../../../testing/queries';
import { recordedRoute } from '../../../testing/recorded-route';
import { expectSentOnce } from '../../../testing/send-once';
import { server } from '../../../testing/server';
import { renderWithProviders, screen, waitFor, within } from '../../../testing/test-utils';
import { AdminPayoutsTab } from './admin-payouts-tab';

const session = { token: 'admin-token', user: testUser('admin') };

function resolveRoute(creditNote: string | null) {
  return recordedRoute('POST', '/api/admin/invoices/:id/resolve-dispute', ({ ok, params }) =>
    ok(200, {
      message: creditNote ? `Dispute upheld: credit note ${creditNote} issued` : 'Dispute rejected',
      id: String(params.id),
      credit_note_number: creditNote,
      position: 12,
    }),
  );
}

async function openResolve(route: ReturnType<typeof resolveRoute>) {
  server.use(...adminPayoutsHandlers([disputedInvoice()]), route.handler);
  const view = renderWithProviders(<AdminPayoutsTab />, { session });
  await view.user.click(await screen.findByRole('button', { name: 'Resolve the dispute of invoice SB-M00001-1' }));
  const dialog = screen.getByRole('dialog', { name: 'Resolve the dispute of invoice SB-M00001-1' });
  return { ...view, ...formKit(view.user, dialog), dialog };
}

describe('AdminPayoutsTab', () => {
  it('lists the rate history and every invoice with its documents; a disputed one offers Resolve', async () => {
    server.use(...adminPayoutsHandlers([disputedInvoice(), creditedInvoice({ id: 'inv-2', number: 'SB-M00002-1' })]));
    renderWithProviders(<AdminPayoutsTab />, { session });
    const rates = await screen.findByRole('table', { name: 'Rate history' });
    expect(rates.textContent).toContain('£120.00');
    const invoices = await screen.findByRole('table', { name: 'Invoices' });
    const [, disputed, credited] = within(invoices).getAllByRole('row');
    expect(disputed.textContent).toContain('Disputed: "One card was a Repair"');
    expect(within(disputed).getByRole('button', { name: 'Resolve the dispute of invoice SB-M00001-1' })).toHaveProperty(
      'disabled',
      false,
    );
    expect(credited.textContent).toContain('Upheld: credit note CN-M00001-1 for £10.00, £60.00 to pay');
    expect(within(credited).getByRole('button', { name: 'Download credit note CN-M00001-1' })).toHaveProperty(
      'disabled',
      false,
    );
    expect(within(credited).queryByRole('button', { name: /Resolve/ })).toBeNull();
  });

  it('an undisputed invoice has its PDF and nothing to resolve', async () => {
    server.use(...adminPayoutsHandlers([invoiceFixture()]));
    renderWithProviders(<AdminPayoutsTab />, { session });
    const invoices = await screen.findByRole('table', { name: 'Invoices' });
    expect(within(invoices).getByRole('button', { name: 'Download PDF of invoice SB-M00001-1' })).toHaveProperty(
      'disabled',
      false,
    );
    expect(within(invoices).queryByRole('button', { name: /Resolve/ })).toBeNull();
  });

  it('resolving: an outcome is required, and upheld needs a credit; nothing is sent until then', async () => {
    const route = resolveRoute(null);
    const { submit, field, fill, user, dialog } = await openResolve(route);
    await fill({ 'Reason (the mentor sees it)': 'Checked' });
    await submit('Resolve dispute');
    await waitFor(() => expect(within(dialog).getByText('Please choose upheld or rejected')).toBeTruthy());
    await user.click(within(dialog).getByRole('radio', { name: 'Uphold: issue a credit note' }));
    await submit('Resolve dispute');
    await waitFor(() =>
      expect(descriptionOf(field('Credit, net of VAT (pence)'))).toBe(
        'Please enter the credit in pence, net of VAT (a whole number, 1 or more)',
      ),
    );
    expect(route.sent).toHaveLength(0);
  });

  it('upheld with a credit: sent once, the credit note named in the toast', async () => {
    const route = resolveRoute('CN-M00001-1');
    const { submit, fill, user, dialog } = await openResolve(route);
    await user.click(within(dialog).getByRole('radio', { name: 'Uphold: issue a credit note' }));
    await fill({ 'Credit, net of VAT (pence)': '1000', 'Reason (the mentor sees it)': 'One card was a Repair' });
    const body = await expectSentOnce({
      route,
      submit: () => submit('Resolve dispute'),
      pending: 'Saving...',
      scope: dialog,
      answered: () => waitFor(() => expect(screen.queryByRole('dialog')).toBeNull()),
    });
    expect(body).toEqual({ outcome: 'upheld', credit_pence: 1000, reason: 'One card was a Repair' });
    expect(toastMessages()).toContain('Dispute upheld: credit note CN-M00001-1 issued');
  });

  it('rejected sends no credit; the server’s refusal is the toast and the dialog stays', async () => {
    const route = recordedRoute('POST', '/api/admin/invoices/:id/resolve-dispute', ({ fail }) =>
      fail(409, { detail: "This invoice's dispute has already been resolved" }),
    );
    const { submit, fill, user, dialog } = await openResolve(route as ReturnType<typeof resolveRoute>);
    await user.click(within(dialog).getByRole('radio', { name: 'Reject: the invoice stands' }));
    await fill({ 'Reason (the mentor sees it)': 'All cards right' });
    await submit('Resolve dispute');
    await waitFor(() => expect(toastMessages()).toContain("This invoice's dispute has already been resolved"));
    expect(route.sent).toEqual([{ outcome: 'rejected', credit_pence: null, reason: 'All cards right' }]);
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('the payout run posts the period and reports the CSV downloaded', async () => {
    const run = contractHttp(
      'POST',
      '/api/admin/payout-runs',
      () =>
        new Response('payee,sort_code,account_number,amount,reference\r\n', {
          status: 201,
          headers: {
            'Content-Type': 'text/csv',
            'Content-Disposition': 'attachment; filename="payout-2027-01-18.csv"',
          },
        }),
    );
    server.use(...adminPayoutsHandlers([]), run);
    const view = renderWithProviders(<AdminPayoutsTab />, { session });
    const form = await screen.findByRole('form', { name: 'Payout run' });
    const { fill, submit } = formKit(view.user, form);
    URL.createObjectURL = () => 'blob:csv';
    URL.revokeObjectURL = () => {};
    await fill({ 'Period (its first day)': '2027-01-18' });
    await submit('Run payout and download CSV');
    expect(await screen.findByText('Payout run made: payout-2027-01-18.csv downloaded.')).toBeTruthy();
  });
});
