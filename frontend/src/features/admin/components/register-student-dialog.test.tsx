import { describe, expect, it, vi } from 'vitest';
import { refusedOn } from '../../../testing/contract-http';
import { testUser } from '../../../testing/fixtures';
import { formKit } from '../../../testing/form-kit';
import { descriptionOf, toastMessages } from '../../../testing/queries';
import { recordedRoute } from '../../../testing/recorded-route';
import { expectSentOnce } from '../../../testing/send-once';
import { server } from '../../../testing/server';
import { renderWithProviders, screen, waitFor, within } from '../../../testing/test-utils';
import { RegisterStudentDialog } from './register-student-dialog';

const session = { token: 'admin-token', user: testUser('admin') };
const registered = {
  message: 'Student registered successfully',
  student: {
    id: 'student-9',
    First_Name: 'Ada',
    Last_Name: 'Lovelace',
    Email: 'ada@example.test',
    account_type: 'Independent',
  },
  temporary_password: 'Temp-Pass-456',
  position: 3,
};
const ADA = {
  'First Name': 'Ada',
  'Last Name': 'Lovelace',
  Email: 'ada@example.test',
  'Phone Number': '07700900123',
  Postcode: 'LS1 4AP',
};

function renderDialog() {
  const route = recordedRoute('POST', '/api/admin/students', ({ ok }) => ok(201, registered));
  server.use(route.handler);
  const onClose = vi.fn();
  const view = renderWithProviders(<RegisterStudentDialog open onClose={onClose} />, { session });
  const dialog = screen.getByRole('dialog', { name: 'Register Independent Student' });
  return { ...view, ...formKit(view.user, dialog), dialog, route, onClose };
}

describe('RegisterStudentDialog (admin)', () => {
  it('names every missing field under it, word for word, with one toast', async () => {
    const { submit, field, route } = renderDialog();
    await submit('Register Student');
    await waitFor(() => expect(descriptionOf(field('First Name'))).toBe('First name is required'));
    expect(descriptionOf(field('Last Name'))).toBe('Last name is required');
    expect(descriptionOf(field('Email'))).toBe('Email is required');
    expect(descriptionOf(field('Phone Number'))).toBe('Phone number is required');
    expect(descriptionOf(field('Postcode'))).toBe('Postcode is required');
    expect(toastMessages()).toEqual(['Please correct the highlighted fields']);
    expect(route.sent).toHaveLength(0);
  });

  it("puts the server's 400 under its field and keeps what was typed", async () => {
    const { submit, field, fill } = renderDialog();
    server.use(refusedOn('POST', '/api/admin/students', 'Email', 'Email is too long'));
    await fill(ADA);
    await submit('Register Student');
    await waitFor(() => expect(descriptionOf(field('Email'))).toBe('Email is too long'));
    expect(toastMessages()).toEqual(['Email is too long']);
    expect(field('First Name').value).toBe('Ada');
  });

  it("a refusal that names no field is the form's one toast", async () => {
    const { submit, fill } = renderDialog();
    server.use(
      recordedRoute('POST', '/api/admin/students', ({ fail }) =>
        fail(409, { detail: 'An account with this email already exists' }),
      ).handler,
    );
    await fill(ADA);
    await submit('Register Student');
    await waitFor(() => expect(toastMessages()).toEqual(['An account with this email already exists']));
  });

  it('registers once however often it is submitted, then shows the temporary password', async () => {
    const { submit, fill, route, dialog } = renderDialog();
    await fill(ADA);
    await expectSentOnce({
      route,
      submit: () => submit('Register Student'),
      pending: 'Registering...',
      scope: dialog,
      whileSending: () =>
        expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveProperty('disabled', true),
      answered: () => screen.findByLabelText('Temporary password'),
    });
    expect(screen.getByLabelText('Temporary password')).toHaveProperty('textContent', 'Temp-Pass-456');
    expect(route.sent[0]).toMatchObject({ Email: 'ada@example.test', Postcode: 'LS1 4AP', Boiler_Installs: 10 });
  });
});
