import { describe, expect, it, vi } from 'vitest';
import { refusedOn } from '../../../testing/contract-http';
import { testUser } from '../../../testing/fixtures';
import { formKit } from '../../../testing/form-kit';
import { descriptionOf, toastMessages } from '../../../testing/queries';
import { recordedRoute } from '../../../testing/recorded-route';
import { expectSentOnce } from '../../../testing/send-once';
import { server } from '../../../testing/server';
import { fireEvent, renderWithProviders, screen, waitFor } from '../../../testing/test-utils';
import { AccountActionDialog, type AccountActionTarget } from './account-action-dialog';

const session = { token: 'admin-token', user: testUser('admin') };
const change = { message: 'Done', id: 'mentor-7', changed: true, position: 5 };

function renderDialog(action: AccountActionTarget['action']) {
  const lock = recordedRoute('PATCH', '/api/admin/users/:role/:id/lock', ({ ok, body }) =>
    ok(200, { ...change, account_locked: (body as { is_locked: boolean }).is_locked }),
  );
  const vet = recordedRoute('PATCH', '/api/admin/users/:role/:id/vet', ({ ok, body }) =>
    ok(200, { ...change, vetted: (body as { is_vetted: boolean }).is_vetted }),
  );
  server.use(lock.handler, vet.handler);
  const onClose = vi.fn();
  const target = { action, role: 'mentor', id: 'mentor-7', name: 'Maya Mentor' } as const;
  const view = renderWithProviders(<AccountActionDialog target={target} onClose={onClose} />, { session });
  const dialog = screen.getByRole('dialog', { name: /Maya Mentor/ });
  return { ...view, ...formKit(view.user, dialog), dialog, lock, vet, onClose };
}

describe('AccountActionDialog', () => {
  it("refuses a reason over the contract's limit, word for word, and sends nothing", async () => {
    const { field, submit, lock } = renderDialog('lock');
    fireEvent.change(field('Reason (optional)'), { target: { value: 'x'.repeat(501) } });
    await submit('Lock account');
    await waitFor(() =>
      expect(descriptionOf(field('Reason (optional)'))).toBe('Reason must be at most 500 characters'),
    );
    expect(toastMessages()).toEqual(['Reason must be at most 500 characters']);
    expect(lock.sent).toHaveLength(0);
  });

  it("puts the server's 400 under its field", async () => {
    const { field, fill, submit } = renderDialog('vet');
    server.use(refusedOn('PATCH', '/api/admin/users/:role/:id/vet', 'reason', 'Reason must be at most 500 characters'));
    await fill({ 'Reason (optional)': 'Checked' });
    await submit('Vet user');
    await waitFor(() =>
      expect(descriptionOf(field('Reason (optional)'))).toBe('Reason must be at most 500 characters'),
    );
  });

  it('locks once however often it is confirmed, with what the holder is told and the reason', async () => {
    const { fill, submit, lock, dialog, onClose } = renderDialog('lock');
    await fill({ 'Reason (optional)': ' Repeated no-shows ' });
    const body = await expectSentOnce({
      route: lock,
      submit: () => submit('Lock account'),
      pending: 'Saving...',
      scope: dialog,
      whileSending: () => expect(screen.getByRole('button', { name: 'Cancel' })).toHaveProperty('disabled', true),
      answered: () => waitFor(() => expect(onClose).toHaveBeenCalledTimes(1)),
    });
    expect(body).toEqual({ is_locked: true, category: 'other', reason: 'Repeated no-shows' });
    expect(toastMessages()).toEqual(['Account locked successfully']);
  });

  it('unvets with no reason as null, and says so in the spec’s words', async () => {
    const { submit, vet, onClose } = renderDialog('unvet');
    await submit('Unvet user');
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(vet.sent).toEqual([{ is_vetted: false, reason: null }]);
    expect(toastMessages()).toEqual(['User unvetted successfully']);
  });

  it("shows the spec's failure toast when the server's refusal says nothing, and stays open", async () => {
    const { submit, onClose } = renderDialog('unlock');
    server.use(
      recordedRoute('PATCH', '/api/admin/users/:role/:id/lock', ({ fail }) => fail(500, { detail: '' })).handler,
    );
    await submit('Unlock account');
    await waitFor(() => expect(toastMessages()).toEqual(['Failed to update account status']));
    expect(onClose).not.toHaveBeenCalled();
  });
});
