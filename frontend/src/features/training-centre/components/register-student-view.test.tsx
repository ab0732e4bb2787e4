import { describe, expect, it } from 'vitest';
import { contractHttp } from '../../../testing/contract-http';
import { testUser } from '../../../testing/fixtures';
import { formKit } from '../../../testing/form-kit';
import { descriptionOf, toastMessages } from '../../../testing/queries';
import { recordedRoute } from '../../../testing/recorded-route';
import { expectSentOnce } from '../../../testing/send-once';
import { server } from '../../../testing/server';
import { renderWithProviders, screen, waitFor } from '../../../testing/test-utils';
import { RegisterStudentView } from './register-student-view';

const session = { token: 'centre-token', user: testUser('training_centre') };
const registered = {
  message: 'Student registered successfully',
  student: {
    id: 'student-9',
    First_Name: 'Nia',
    Last_Name: 'Jones',
    Email: 'nia@example.test',
    account_type: 'Training Centre',
  },
  temporary_password: 'Temp-Pass-123',
  position: 12,
};
const NIA = {
  'First Name': 'Nia',
  'Last Name': 'Jones',
  Email: 'nia@example.test',
  'Phone Number': '07700 900123',
  Postcode: 'm1 1ae',
};

async function renderView(vetted = true) {
  const route = recordedRoute('POST', '/api/register-student', ({ ok }) => ok(201, registered));
  server.use(
    route.handler,
    contractHttp('GET', '/api/vetting-status', ({ ok }) =>
      ok(200, { vetted, message: vetted ? 'Vetted' : 'Your training centre is awaiting vetting.' }),
    ),
  );
  const view = renderWithProviders(<RegisterStudentView />, { session });
  const kit = formKit(view.user);
  await waitFor(() => expect(kit.button(vetted ? 'Register Student' : 'Vetting Required').disabled).toBe(!vetted));
  return { ...view, ...kit, route };
}

describe('RegisterStudentView', () => {
  it("shows the contract's messages under the fields, word for word, one toast, and focuses the first", async () => {
    const { submit, field, route } = await renderView();
    await submit('Register Student');
    await waitFor(() => expect(descriptionOf(field('First Name'))).toBe('First name is required'));
    expect(descriptionOf(field('Last Name'))).toBe('Last name is required');
    expect(descriptionOf(field('Email'))).toBe('Email is required');
    expect(descriptionOf(field('Phone Number'))).toBe('Phone number is required');
    expect(descriptionOf(field('Postcode'))).toBe('Postcode is required');
    expect(toastMessages()).toEqual(['Please correct the highlighted fields']);
    await waitFor(() => expect(document.activeElement).toBe(field('First Name')));
    expect(route.sent).toHaveLength(0);
  });

  it('checks the phone number, the postcode and the e-mail as the server does', async () => {
    const { submit, field, fill, route } = await renderView();
    await fill({ ...NIA, Email: 'nia at example', 'Phone Number': '12', Postcode: 'NOTAPOSTCODE' });
    await submit('Register Student');
    await waitFor(() => expect(descriptionOf(field('Email'))).toBe('Please enter a valid email address'));
    expect(descriptionOf(field('Phone Number'))).toBe('Please enter a valid UK phone number');
    expect(descriptionOf(field('Postcode'))).toBe('Please enter a valid UK postcode');
    expect(descriptionOf(field('First Name'))).toBe('');
    expect(field('Postcode').value).toBe('NOTAPOSTCODE');
    expect(route.sent).toHaveLength(0);
  });

  it("puts the server's 400 under its field", async () => {
    const { submit, field, fill } = await renderView();
    server.use(
      contractHttp('POST', '/api/register-student', ({ fail }) =>
        fail(400, { detail: [{ field: 'Postcode', message: 'We do not serve this postcode yet' }] }),
      ),
    );
    await fill(NIA);
    await submit('Register Student');
    await waitFor(() => expect(descriptionOf(field('Postcode'))).toBe('We do not serve this postcode yet'));
    expect(toastMessages()).toEqual(['We do not serve this postcode yet']);
  });

  it('registers once however often it is submitted, with the counts chosen, then shows the password', async () => {
    const { user, submit, field, fill, route } = await renderView();
    await fill(NIA);
    await user.selectOptions(field('Repair'), '0');
    expect(screen.getByTestId('requirements-total').textContent).toBe('22');
    await expectSentOnce({
      route,
      submit: () => submit('Register Student'),
      pending: 'Registering...',
      answered: () => screen.findByText('Temp-Pass-123'),
    });
    expect(route.sent).toEqual([
      {
        First_Name: 'Nia',
        Last_Name: 'Jones',
        Email: 'nia@example.test',
        Phone_Number: '07700 900123',
        Postcode: 'M1 1AE',
        Date_Of_Birth: null,
        Boiler_Installs: 10,
        Boiler_Service: 4,
        Pipework: 8,
        Repair: 0,
      },
    ]);
    expect(toastMessages()).toContain('Student registered successfully!');
  });

  it('a centre not yet vetted sees why and cannot submit', async () => {
    await renderView(false);
    expect(screen.getByTestId('vetting-banner').textContent).toContain('Your training centre is awaiting vetting.');
  });
});
