import { describe, expect, it } from 'vitest';
import { contractHttp } from '../../../testing/contract-http';
import { signUpHandler } from '../../../testing/handlers/auth';
import { descriptionOf, toastMessages } from '../../../testing/queries';
import { server } from '../../../testing/server';
import { fireEvent, renderWithProviders, screen, waitFor } from '../../../testing/test-utils';
import { SignUpForm } from './sign-up-form';

function renderForm(hold?: Promise<void>) {
  const signUp = signUpHandler({ hold });
  server.use(signUp.handler);
  const view = renderWithProviders(<SignUpForm />, { route: '/auth?mode=signup' });
  const { user } = view;
  const field = (label: string) => screen.getByLabelText(label, { selector: 'input' });
  const fill = async (values: Partial<Record<'First Name' | 'Last Name' | 'Email' | 'Password', string>>) => {
    for (const [label, value] of Object.entries(values)) {
      await user.click(field(label));
      await user.paste(value);
    }
  };
  return {
    ...view,
    signUp,
    field,
    fill,
    submit: () => user.click(screen.getByRole('button', { name: 'Create Account' })),
  };
}

describe('SignUpForm', () => {
  it('shows each empty field its message, word for word, and sends nothing', async () => {
    const { submit, field, signUp } = renderForm();

    await submit();

    // The schema loads on the first check (it is kept off the sign-in page's first load).
    expect(await screen.findByText('Please select a role')).toBeTruthy();
    expect(descriptionOf(field('First Name'))).toBe('First name is required');
    expect(descriptionOf(field('Last Name'))).toBe('Last name is required');
    expect(descriptionOf(field('Email'))).toBe('Email is required');
    expect(descriptionOf(field('Password'))).toBe('Password is required');
    expect(screen.getByText('Please accept the Terms & Conditions')).toBeTruthy();
    expect(toastMessages()).toEqual(['Please correct the highlighted fields']);
    expect(signUp.sent).toHaveLength(0);
  });

  it("asks a training centre for its name and checks the email's form and the password's length", async () => {
    const { user, submit, field, fill, signUp } = renderForm();
    await user.click(screen.getByRole('radio', { name: 'Training Centre' }));
    await fill({ 'First Name': 'Tess', 'Last Name': 'Centre', Email: 'tess at example', Password: 'abc' });
    await user.click(screen.getByRole('checkbox'));

    await submit();

    expect(descriptionOf(field('Training Centre Name'))).toBe('Training centre name is required');
    expect(descriptionOf(field('Email'))).toBe('Please enter a valid email address');
    expect(descriptionOf(field('Password'))).toBe('Password must be at least 6 characters');
    expect(descriptionOf(field('First Name'))).toBe('');
    expect(screen.queryByText('Please select a role')).toBeNull();
    expect(signUp.sent).toHaveLength(0);
  });

  it('with one problem left, toasts that message itself', async () => {
    const { user, submit, fill } = renderForm();
    await user.click(screen.getByRole('radio', { name: 'Mentor' }));
    await fill({ 'First Name': 'Maya', 'Last Name': 'Mentor', Email: 'maya@example.test', Password: 'secret1' });

    await submit();

    expect(toastMessages()).toEqual(['Please accept the Terms & Conditions']);
  });

  it('creates the account once however often it is submitted, then opens the dashboard', async () => {
    let answer!: () => void;
    const { user, submit, fill, signUp, store } = renderForm(new Promise<void>((resolve) => (answer = resolve)));
    await user.click(screen.getByRole('radio', { name: 'Mentor' }));
    await fill({ 'First Name': ' Maya ', 'Last Name': 'Mentor', Email: 'maya@example.test', Password: 'secret1' });
    await user.click(screen.getByRole('checkbox'));

    await submit();
    await waitFor(() => expect(signUp.sent).toHaveLength(1));
    // Sent again while the first is on its way (the button is disabled then, so by the form itself).
    expect(screen.getByRole('button', { name: 'Creating account...' })).toHaveProperty('disabled', true);
    const form = screen.getByRole('form', { name: 'Sign up' });
    fireEvent.submit(form);
    fireEvent.submit(form);
    answer();

    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/dashboard'));
    expect(signUp.sent).toEqual([
      { First_Name: 'Maya', Last_Name: 'Mentor', Email: 'maya@example.test', Password: 'secret1', Role: 'mentor' },
    ]);
    expect(toastMessages()).toContain('Account created successfully!');
    expect(store.getState().session).toMatchObject({ token: 'token-new-user-1', status: 'authenticated' });
    expect(screen.getByRole('button', { name: 'Creating account...' })).toHaveProperty('disabled', true);
  });

  it("puts the server's field messages under their fields", async () => {
    const { user, submit, field, fill } = renderForm();
    server.use(
      contractHttp('POST', '/api/auth/signup', ({ fail }) =>
        fail(400, { detail: [{ field: 'Email', message: 'Email is too long' }] }),
      ),
    );
    await user.click(screen.getByRole('radio', { name: 'Mentor' }));
    await fill({ 'First Name': 'Maya', 'Last Name': 'Mentor', Email: 'maya@example.test', Password: 'secret1' });
    await user.click(screen.getByRole('checkbox'));

    await submit();

    await waitFor(() => expect(descriptionOf(field('Email'))).toBe('Email is too long'));
    expect(toastMessages()).toEqual(['Email is too long']);
    expect(screen.getByRole('button', { name: 'Create Account' })).toHaveProperty('disabled', false);
  });

  it("toasts the server's refusal and lets the visitor try again", async () => {
    const { user, submit, fill } = renderForm();
    server.use(
      contractHttp('POST', '/api/auth/signup', ({ fail }) =>
        fail(409, { detail: 'An account with this email already exists' }),
      ),
    );
    await user.click(screen.getByRole('radio', { name: 'Mentor' }));
    await fill({ 'First Name': 'Maya', 'Last Name': 'Mentor', Email: 'maya@example.test', Password: 'secret1' });
    await user.click(screen.getByRole('checkbox'));

    await submit();

    await waitFor(() => expect(toastMessages()).toEqual(['An account with this email already exists']));
    expect(screen.getByRole('button', { name: 'Create Account' })).toHaveProperty('disabled', false);
    expect(screen.getByTestId('location').textContent).toBe('/auth?mode=signup');
  });
});
