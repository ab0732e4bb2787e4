import { describe, expect, it } from 'vitest';
import { refusedOn } from '../../../testing/contract-http';
import { testUser } from '../../../testing/fixtures';
import { formKit } from '../../../testing/form-kit';
import { descriptionOf, toastMessages } from '../../../testing/queries';
import { recordedRoute } from '../../../testing/recorded-route';
import { expectSentOnce } from '../../../testing/send-once';
import { server } from '../../../testing/server';
import { renderWithProviders, screen, waitFor } from '../../../testing/test-utils';
import { SecuritySettings } from './security-settings';

const user = testUser('student');
const session = { token: 'student-token', user };
const changed = { message: 'Password changed successfully', token: 'student-token-2', user, position: 3 };

async function renderPanel() {
  const route = recordedRoute('PUT', '/api/change-password', ({ ok }) => ok(200, changed));
  server.use(route.handler);
  const view = renderWithProviders(<SecuritySettings />, { session });
  await view.user.click(screen.getByRole('button', { name: 'Change Password' }));
  const form = screen.getByRole('form', { name: 'Change Password' });
  return { ...view, ...formKit(view.user, form), route, form };
}

describe('SecuritySettings: change password', () => {
  it('states the rule, then each contract message under its field with one toast, and sends nothing', async () => {
    const { field, fill, submit, route } = await renderPanel();
    expect(descriptionOf(field('New Password'))).toBe('At least 6 characters');
    await fill({ 'New Password': 'abc', 'Confirm New Password': 'abd' });
    await submit('Update Password');
    await waitFor(() => expect(descriptionOf(field('Current Password'))).toBe('Current password is required'));
    expect(descriptionOf(field('New Password'))).toBe('New password must be at least 6 characters');
    expect(descriptionOf(field('Confirm New Password'))).toBe('Password confirmation does not match');
    expect(toastMessages()).toEqual(['Please correct the highlighted fields']);
    expect(route.sent).toHaveLength(0);
  });

  it("puts the server's 400 under its field", async () => {
    const { field, fill, submit } = await renderPanel();
    server.use(refusedOn('PUT', '/api/change-password', 'currentPassword', 'Current password is incorrect'));
    await fill({
      'Current Password': 'old-password',
      'New Password': 'new-password',
      'Confirm New Password': 'new-password',
    });
    await submit('Update Password');
    await waitFor(() => expect(descriptionOf(field('Current Password'))).toBe('Current password is incorrect'));
    expect(toastMessages()).toEqual(['Current password is incorrect']);
  });

  it('changes the password once however often it is submitted, then closes the panel', async () => {
    const { fill, submit, route, form } = await renderPanel();
    await fill({
      'Current Password': 'old-password',
      'New Password': 'new-password',
      'Confirm New Password': 'new-password',
    });
    const sent = await expectSentOnce({
      route,
      submit: () => submit('Update Password'),
      pending: 'Updating...',
      scope: form,
      answered: () => waitFor(() => expect(toastMessages()).toEqual(['Password changed successfully!'])),
    });
    expect(sent).toEqual({
      currentPassword: 'old-password',
      newPassword: 'new-password',
      confirmPassword: 'new-password',
    });
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Change Password' })).toBeNull());
  });
});
