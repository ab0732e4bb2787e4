import { describe, expect, it } from 'vitest';
import { contractHttp } from '../../../testing/contract-http';
import { testUser } from '../../../testing/fixtures';
import { caseloadRowFixture } from '../../../testing/handlers/training-centre';
import { server } from '../../../testing/server';
import { renderWithProviders, screen, waitFor, within } from '../../../testing/test-utils';
import { StudentsView } from './students-view';

const session = { token: 'centre-token', user: testUser('training_centre') };

/** Liam chose his password; Nia's invitation is waiting; Omar's ran out unused. */
const liam = caseloadRowFixture(0, { id: 'stu-liam' });
const nia = caseloadRowFixture(1, {
  id: 'stu-nia',
  invitation: { state: 'sent', expires_at: '2026-12-10T09:00:00.000Z' },
});
const omar = caseloadRowFixture(2, {
  id: 'stu-omar',
  invitation: { state: 'expired', expires_at: '2026-11-20T09:00:00.000Z' },
});

/** The caseload, and POST /api/students/:id/resend-invite giving Omar a new temporary password (each call kept). */
function handlers() {
  const resent: string[] = [];
  let rows = [liam, nia, omar];
  return {
    resent,
    list: [
      contractHttp('GET', '/api/my-students', ({ ok }) => ok(200, rows, { 'X-Total-Count': String(rows.length) })),
      contractHttp('POST', '/api/students/:id/resend-invite', ({ params, ok }) => {
        resent.push(String(params.id));
        rows = rows.map((r) =>
          r.id === params.id ? { ...r, invitation: { state: 'sent', expires_at: '2026-12-13T09:00:00.000Z' } } : r,
        );
        return ok(200, { message: 'Invitation sent again', temporary_password: 'Kq7mZp2xWn4r', position: 42 });
      }),
    ],
  };
}

describe('StudentsView: invitations (docs/rules.md#centre-caseload)', () => {
  it("shows each student's invitation state on the cards, and Resend invite only for those not signed in", async () => {
    server.use(...handlers().list);
    renderWithProviders(<StudentsView />, { route: '/dashboard', session });

    const cards = (await screen.findAllByTestId('student-card')).map((c) => within(c));
    expect(cards.map((c) => c.getByTestId('invitation-state').textContent)).toEqual([
      'Active',
      'Invited, not signed in yet',
      'Invitation expired',
    ]);
    expect(cards[0].queryByRole('button', { name: /^Resend invite/ })).toBeNull();
    expect(cards[1].getByRole('button', { name: 'Resend invite to Nia Jones' })).toBeTruthy();
    expect(cards[2].getByRole('button', { name: 'Resend invite to Omar Khan' })).toBeTruthy();
  });

  it('asks first, then shows the new temporary password once, from the table', async () => {
    const { list, resent } = handlers();
    server.use(...list);
    const { user } = renderWithProviders(<StudentsView />, { route: '/dashboard', session });
    await user.click(await screen.findByRole('button', { name: 'Table' }));
    const table = screen.getByRole('table', { name: 'Caseload' });
    const omarRow = within(within(table).getByText('Omar Khan').closest('tr')!);
    expect(omarRow.getByText('Invitation expired')).toBeTruthy();

    await user.click(omarRow.getByRole('button', { name: 'Resend invite to Omar Khan' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Resend invite' }));
    expect(dialog.getByText(/The one sent before stops working/)).toBeTruthy();
    expect(resent).toEqual([]);
    await user.click(dialog.getByRole('button', { name: 'Send invite' }));

    expect((await dialog.findByTestId('temporary-password')).textContent).toBe('Kq7mZp2xWn4r');
    expect(dialog.getByText(/shown only once/)).toBeTruthy();
    expect(resent).toEqual(['stu-omar']);
    // The list is read again: Omar's invitation is sent once more.
    await waitFor(() => expect(omarRow.getByText('Invited, not signed in yet')).toBeTruthy());
    await user.click(dialog.getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
