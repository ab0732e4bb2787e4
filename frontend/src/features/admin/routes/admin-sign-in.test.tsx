import { describe, expect, it } from 'vitest';
import { refusedOn } from '../../../testing/contract-http';
import { testUser } from '../../../testing/fixtures';
import { formKit } from '../../../testing/form-kit';
import { descriptionOf, toastMessages } from '../../../testing/queries';
import { recordedRoute } from '../../../testing/recorded-route';
import { expectSentOnce } from '../../../testing/send-once';
import { server } from '../../../testing/server';
import { renderWithProviders, screen, waitFor } from '../../../testing/test-utils';
import { AdminSignInRoute } from './admin-sign-in';

function renderPortal(role: 'admin' | 'student' = 'admin') {
  const user = testUser(role);
  const route = recordedRoute('POST', '/api/admin/auth/signin', ({ ok }) => ok(200, { token: 't', user, role }));
  server.use(route.handler);
  const view = renderWithProviders(<AdminSignInRoute />, { route: '/portal' });
  const form = screen.getByRole('form', { name: 'Admin sign in' });
  return { ...view, ...formKit(view.user, form), route, form };
}

describe('AdminSignInRoute', () => {
  it("asks for both fields in the contract's words, under each and in one toast, and sends nothing", async () => {
    const { field, fill, submit, route } = renderPortal();
    await submit('Sign In');
    await waitFor(() => expect(descriptionOf(field('Email'))).toBe('Please enter both email and password'));
    expect(descriptionOf(field('Password'))).toBe('Please enter both email and password');
    expect(toastMessages()).toEqual(['Please enter both email and password']);
    await fill({ Email: 'ops@example.test' });
    await submit('Sign In');
    await waitFor(() => expect(descriptionOf(field('Email'))).toBe(''));
    expect(descriptionOf(field('Password'))).toBe('Please enter both email and password');
    expect(route.sent).toHaveLength(0);
  });

  it("puts the server's 400 under its field; a user who is not an admin is refused", async () => {
    const { field, fill, submit } = renderPortal('student');
    await fill({ Email: 'sam@example.test', Password: 'secret-1' });
    await submit('Sign In');
    await waitFor(() => expect(toastMessages()).toEqual(['Invalid credentials']));
    expect(screen.getByTestId('location').textContent).toBe('/portal');
    server.use(refusedOn('POST', '/api/admin/auth/signin', 'email', 'Email is too long'));
    await submit('Sign In');
    await waitFor(() => expect(descriptionOf(field('Email'))).toBe('Email is too long'));
  });

  it('signs in once however often it is submitted, then opens the admin dashboard', async () => {
    const { fill, submit, route, form } = renderPortal();
    await fill({ Email: 'ops@example.test', Password: 'admin-password' });
    await expectSentOnce({
      route,
      submit: () => submit('Sign In'),
      pending: 'Signing in...',
      scope: form,
      answered: () => waitFor(() => expect(toastMessages()).toContain('Welcome back, Admin!')),
    });
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/panda-admin-dashboard'));
  });
});
