import { describe, expect, it } from 'vitest';
import { refusedOn } from '../../../testing/contract-http';
import { testUser } from '../../../testing/fixtures';
import { formKit } from '../../../testing/form-kit';
import { descriptionOf, toastMessages } from '../../../testing/queries';
import { recordedRoute } from '../../../testing/recorded-route';
import { expectSentOnce } from '../../../testing/send-once';
import { server } from '../../../testing/server';
import { renderWithProviders, screen, waitFor } from '../../../testing/test-utils';
import { SignInForm } from './sign-in-form';

const user = testUser('student');

function renderForm() {
  const route = recordedRoute('POST', '/api/auth/signin', ({ ok }) =>
    ok(200, { token: 'student-token', user, role: 'student' }),
  );
  server.use(route.handler);
  const view = renderWithProviders(<SignInForm />, { route: '/auth' });
  return { ...view, ...formKit(view.user), route };
}

describe('SignInForm', () => {
  it("shows the contract's message under each empty field, one toast, and sends nothing", async () => {
    const { field, submit, route } = renderForm();
    await submit('Sign In');
    await waitFor(() => expect(descriptionOf(field('Email'))).toBe('Email is required'));
    expect(descriptionOf(field('Password'))).toBe('Password is required');
    expect(toastMessages()).toEqual(['Please correct the highlighted fields']);
    expect(route.sent).toHaveLength(0);
  });

  it("puts the server's 400 under its field, and a refusal in one toast", async () => {
    const { field, fill, submit } = renderForm();
    server.use(refusedOn('POST', '/api/auth/signin', 'Email', 'Email is too long'));
    await fill({ Email: 'sam@example.test', Password: 'secret-1' });
    await submit('Sign In');
    await waitFor(() => expect(descriptionOf(field('Email'))).toBe('Email is too long'));
    server.use(
      recordedRoute('POST', '/api/auth/signin', ({ fail }) => fail(401, { detail: 'Invalid credentials' })).handler,
    );
    await submit('Sign In');
    await waitFor(() => expect(toastMessages()).toEqual(['Invalid credentials']));
  });

  it('shows a locked account its one message with the way to support, no toast', async () => {
    const { fill, submit } = renderForm();
    const lockedMessage = 'Your account has been locked. Contact support to unlock it.';
    server.use(recordedRoute('POST', '/api/auth/signin', ({ fail }) => fail(403, { detail: lockedMessage })).handler);
    await fill({ Email: 'sam@example.test', Password: 'secret-1' });
    await submit('Sign In');
    expect((await screen.findByTestId('locked-help')).textContent).toContain('E-mail support');
    expect(toastMessages()).toEqual([]);
  });

  it('signs in once however often it is submitted, then opens the dashboard', async () => {
    const { fill, submit, route } = renderForm();
    await fill({ Email: ' sam@example.test ', Password: 'secret-1' });
    const sent = await expectSentOnce({
      route,
      submit: () => submit('Sign In'),
      pending: 'Signing in...',
      answered: () => waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/dashboard')),
    });
    expect(sent).toEqual({ Email: 'sam@example.test', Password: 'secret-1' });
  });
});
