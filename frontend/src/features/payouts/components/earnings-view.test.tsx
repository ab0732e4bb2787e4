import { describe, expect, it } from 'vitest';
import { testUser } from '../../../testing/fixtures';
import { formKit } from '../../../testing/form-kit';
import { creditedInvoice, disputedInvoice, earningsHandlers, invoiceFixture } from '../../../testing/handlers/payouts';
import { descriptionOf, toastMessages } from '../../../testing/queries';
import { recordedRoute } from '../../../testing/recorded-route';
import { server } from '../../../testing/server';
import { renderWithProviders, screen, waitFor, within } from '../../../testing/test-utils';
import { EarningsView } from './earnings-view';

const session = { token: 'mentor-token', user: testUser('mentor') };

describe('EarningsView', () => {
  it('shows this period so far and each invoice with its totals and PDF', async () => {
    server.use(...earningsHandlers([invoiceFixture()]));
    renderWithProviders(<EarningsView />, { session });
    expect((await screen.findByTestId('uninvoiced-total')).textContent).toBe('£25.00');
    const item = await screen.findByRole('listitem', { name: 'Invoice SB-M00001-1' });
    expect(item.textContent).toContain('£70.00');
    expect(within(item).getByRole('button', { name: 'Download PDF of invoice SB-M00001-1' })).toHaveProperty(
      'disabled',
      false,
    );
    expect(within(item).getByRole('button', { name: 'Dispute invoice SB-M00001-1' })).toHaveProperty('disabled', false);
  });

  it('a disputed invoice shows the dispute and offers no second one', async () => {
    server.use(...earningsHandlers([disputedInvoice()]));
    renderWithProviders(<EarningsView />, { session });
    const item = await screen.findByRole('listitem', { name: 'Invoice SB-M00001-1' });
    expect(item.textContent).toContain('Your dispute: "One card was a Repair"');
    expect(within(item).queryByRole('button', { name: /Dispute invoice/ })).toBeNull();
  });

  it('an upheld dispute shows its credit note, what is to be paid, and the credit note PDF; no dispute again', async () => {
    server.use(...earningsHandlers([creditedInvoice()]));
    renderWithProviders(<EarningsView />, { session });
    const item = await screen.findByRole('listitem', { name: 'Invoice SB-M00001-1' });
    expect(item.textContent).toContain(
      'Dispute upheld: credit note CN-M00001-1 for £10.00; £60.00 to be paid. Reason: Checked the card',
    );
    expect(within(item).getByRole('button', { name: 'Download credit note CN-M00001-1' })).toHaveProperty(
      'disabled',
      false,
    );
    expect(within(item).queryByRole('button', { name: /Dispute invoice/ })).toBeNull();
  });

  it('the dispute dialog says what happens: a credit note, off this payment or, once paid, off the next payout', async () => {
    const paid = invoiceFixture({
      id: 'paid-1',
      number: 'SB-M00001-2',
      status: 'paid',
      paid_at: '2027-02-02T10:00:00.000Z',
    });
    server.use(...earningsHandlers([invoiceFixture(), paid]));
    const view = renderWithProviders(<EarningsView />, { session });
    await view.user.click(await screen.findByRole('button', { name: 'Dispute invoice SB-M00001-1' }));
    let dialog = screen.getByRole('dialog', { name: 'Dispute invoice SB-M00001-1' });
    expect(dialog.textContent).toContain(
      'If your dispute is upheld, Panda issues a credit note for what the invoice overstated, taken off what this invoice pays you.',
    );
    expect(dialog.textContent).not.toMatch(/line on your next invoice/);
    await view.user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // A paid invoice may still be disputed within its 7 days.
    const item = screen.getByRole('listitem', { name: 'Invoice SB-M00001-2' });
    expect(item.textContent).toContain('Paid £70.00 on');
    await view.user.click(within(item).getByRole('button', { name: 'Dispute invoice SB-M00001-2' }));
    dialog = screen.getByRole('dialog', { name: 'Dispute invoice SB-M00001-2' });
    expect(dialog.textContent).toContain(
      'If your dispute is upheld, Panda issues a credit note for what the invoice overstated, taken off your next payout, as this invoice has already been paid.',
    );
  });

  it("a paid invoice's upheld dispute: the credit note comes off the next payout; the next invoice shows it taken off", async () => {
    const note = creditedInvoice().credit_note!;
    server.use(
      ...earningsHandlers([
        creditedInvoice({
          status: 'paid',
          paid_at: '2027-02-02T10:00:00.000Z',
          payable_pence: 7000,
          credit_note: { ...note, taken_off_next_payout: true },
        }),
        invoiceFixture({
          id: 'next',
          number: 'SB-M00001-2',
          status: 'paid',
          paid_at: '2027-02-16T10:00:00.000Z',
          payable_pence: 6000,
          credits_applied: [{ number: 'CN-M00001-1', pence: 1000 }],
        }),
      ]),
    );
    renderWithProviders(<EarningsView />, { session });
    const item = await screen.findByRole('listitem', { name: 'Invoice SB-M00001-1' });
    expect(item.textContent).toContain(
      'Dispute upheld: credit note CN-M00001-1 for £10.00, taken off your next payout as this invoice was already paid.',
    );
    const next = screen.getByRole('listitem', { name: 'Invoice SB-M00001-2' });
    expect(next.textContent).toContain('Paid £60.00 on');
    expect(next.textContent).toContain('less credit note CN-M00001-1 (£10.00)');
  });

  it('a rejected dispute says the invoice stands', async () => {
    server.use(
      ...earningsHandlers([
        invoiceFixture({ dispute_reason: 'x', dispute_outcome: 'rejected', resolution_reason: 'All cards right' }),
      ]),
    );
    renderWithProviders(<EarningsView />, { session });
    const item = await screen.findByRole('listitem', { name: 'Invoice SB-M00001-1' });
    expect(item.textContent).toContain('Dispute rejected: the invoice stands. Reason: All cards right');
    expect(within(item).queryByRole('button', { name: /credit note/ })).toBeNull();
  });

  it('the dispute form: the reason is required, then it is sent once and the dialog closes', async () => {
    const dispute = recordedRoute('POST', '/api/mentor/invoices/:id/dispute', ({ ok, params }) =>
      ok(200, { message: 'Invoice disputed', id: String(params.id), position: 9 }),
    );
    server.use(...earningsHandlers([invoiceFixture()]), dispute.handler);
    const view = renderWithProviders(<EarningsView />, { session });
    await view.user.click(await screen.findByRole('button', { name: 'Dispute invoice SB-M00001-1' }));
    const dialog = screen.getByRole('dialog', { name: 'Dispute invoice SB-M00001-1' });
    const { field, fill, submit } = formKit(view.user, dialog);
    await submit('Dispute invoice');
    await waitFor(() =>
      expect(descriptionOf(field('What is wrong with the invoice?'))).toBe('Please say what is wrong with the invoice'),
    );
    expect(dispute.sent).toHaveLength(0);
    await fill({ 'What is wrong with the invoice?': 'One card was a Repair' });
    await submit('Dispute invoice');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(dispute.sent).toEqual([{ reason: 'One card was a Repair' }]);
    expect(toastMessages()).toContain('Invoice disputed');
  });
});
