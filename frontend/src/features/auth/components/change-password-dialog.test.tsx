import { describe, expect, it, vi } from 'vitest';
import { refusedOn } from '../../../testing/contract-http';
import { testUser } from '../../../testing/fixtures';
import { formKit } from '../../../testing/form-kit';
import { descriptionOf, toastMessages } from '../../../testing/queries';
import { recordedRoute } from '../../../testing/recorded-route';
import { expectSentOnce } from '../../../testing/send-once';
import { server } from '../../../testing/server';
import { renderWithProviders, screen, waitFor } from '../../../testing/test-utils';
import { RequiredPasswordChangeDialog } from './change-password-dialog';

const user = testUser('student', { must_change_password: true });
const session = { token: 'student-token', user };

function renderDialog() {
  const changed = {
    message: 'Password changed',
    token: 'student-token-2',
    user: { ...user, must_change_password: false },
    position: 3,
  };
  const route = recordedRoute('PUT', '/api/change-password', ({ ok }) => ok(200, changed));
  server.use(route.handler);
  const onSignOut = vi.fn();
  const view = renderWithProviders(<RequiredPasswordChangeDialog open onSignOut={onSignOut} />, { session });
  const dialog = screen.getByRole('dialog', { name: 'Choose a New Password' });
  return { ...view, ...formKit(view.user, dialog), route, dialog, onSignOut };
}

describe('RequiredPasswordChangeDialog', () => {
  it("states what to type, then the contract's messages under the fields with one toast", async () => {
    const { field, submit, route } = renderDialog();
    expect(descriptionOf(field('Current Password'))).toBe('The temporary password from your email');
    expect(descriptionOf(field('New Password'))).toBe('At least 6 characters');
    await submit('Set New Password');
    await waitFor(() => expect(descriptionOf(field('Current Password'))).toBe('Current password is required'));
    expect(descriptionOf(field('New Password'))).toBe('New password is required');
    expect(descriptionOf(field('Confirm New Password'))).toBe('');
    expect(toastMessages()).toEqual(['Please correct the highlighted fields']);
    expect(route.sent).toHaveLength(0);
  });

  it("puts the server's 400 under its field", async () => {
    const { field, fill, submit } = renderDialog();
    server.use(refusedOn('PUT', '/api/change-password', 'newPassword', 'New password is too long'));
    await fill({
      'Current Password': 'Temp-Pass-1',
      'New Password': 'new-password',
      'Confirm New Password': 'new-password',
    });
    await submit('Set New Password');
    await waitFor(() => expect(descriptionOf(field('New Password'))).toBe('New password is too long'));
  });

  it('sets the password once however often it is submitted, and the session no longer asks', async () => {
    const { fill, submit, route, dialog, store } = renderDialog();
    await fill({
      'Current Password': 'Temp-Pass-1',
      'New Password': 'new-password',
      'Confirm New Password': 'new-password',
    });
    await expectSentOnce({
      route,
      submit: () => submit('Set New Password'),
      pending: 'Saving...',
      scope: dialog,
      answered: () => waitFor(() => expect(toastMessages()).toEqual(['Password changed successfully!'])),
    });
    expect(store.getState().session.user?.must_change_password).toBe(false);
  });
});
