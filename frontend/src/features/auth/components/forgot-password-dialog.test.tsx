import { describe, expect, it, vi } from 'vitest';
import { contractHttp } from '../../../testing/contract-http';
import { formKit } from '../../../testing/form-kit';
import { descriptionOf, toastMessages } from '../../../testing/queries';
import { recordedRoute } from '../../../testing/recorded-route';
import { expectSentOnce } from '../../../testing/send-once';
import { server } from '../../../testing/server';
import { renderWithProviders, waitFor } from '../../../testing/test-utils';
import { ForgotPasswordDialog } from './forgot-password-dialog';

const SENT = 'Password reset email sent! Check your inbox for the temporary password.';

function renderDialog(initialEmail = '') {
  const route = recordedRoute('POST', '/api/auth/forgot-password', ({ ok }) =>
    ok(200, { message: 'If that account exists, a temporary password is on its way.' }),
  );
  server.use(route.handler);
  const onClose = vi.fn();
  const view = renderWithProviders(<ForgotPasswordDialog open onClose={onClose} initialEmail={initialEmail} />);
  return { ...view, ...formKit(view.user), route, onClose };
}

describe('ForgotPasswordDialog', () => {
  it("asks for the address in the contract's words and sends nothing", async () => {
    const { submit, field, route } = renderDialog();
    await submit('Send Reset Email');
    await waitFor(() => expect(descriptionOf(field('Email Address'))).toBe('Please enter your email address'));
    expect(toastMessages()).toEqual(['Please enter your email address']);
    expect(route.sent).toHaveLength(0);
  });

  it("puts the server's 400 under the field", async () => {
    const { submit, field } = renderDialog('sam@example.test');
    server.use(
      contractHttp('POST', '/api/auth/forgot-password', ({ fail }) =>
        fail(400, { detail: [{ field: 'email', message: 'Email is too long' }] }),
      ),
    );
    await submit('Send Reset Email');
    await waitFor(() => expect(descriptionOf(field('Email Address'))).toBe('Email is too long'));
  });

  it('sends one request however often it is submitted, then closes', async () => {
    const { submit, route, onClose } = renderDialog(' sam@example.test ');
    await expectSentOnce({
      route,
      submit: () => submit('Send Reset Email'),
      pending: 'Sending...',
      answered: () => waitFor(() => expect(onClose).toHaveBeenCalledTimes(1)),
    });
    expect(route.sent).toEqual([{ email: 'sam@example.test' }]);
    expect(toastMessages()).toContain(SENT);
  });
});
