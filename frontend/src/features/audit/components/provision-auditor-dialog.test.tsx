import { describe, expect, it } from 'vitest';
import { refusedOn } from '../../../testing/contract-http';
import { testUser } from '../../../testing/fixtures';
import { descriptionOf, toastMessages } from '../../../testing/queries';
import { recordedRoute } from '../../../testing/recorded-route';
import { expectSentOnce } from '../../../testing/send-once';
import { server } from '../../../testing/server';
import { renderWithProviders, screen, waitFor } from '../../../testing/test-utils';
import { ProvisionAuditorDialog } from './provision-auditor-dialog';

const session = { token: 'admin-token', user: testUser('admin') };
const provisioned = {
  message: 'Auditor provisioned',
  auditor: { id: 'auditor-9', email: 'aldo@example.test', first_name: 'Aldo', last_name: 'Auditor', role: 'auditor' },
  temporary_password: 'Temp-Pass-123',
  position: 4,
};

function renderDialog() {
  const route = recordedRoute('POST', '/api/admin/auditors', ({ ok }) => ok(201, provisioned));
  server.use(route.handler);
  const view = renderWithProviders(<ProvisionAuditorDialog open onClose={() => {}} />, { session });
  const field = (label: string) => screen.getByLabelText(label, { exact: false, selector: 'input' });
  const fill = async (values: Record<string, string>) => {
    for (const [label, value] of Object.entries(values)) {
      await view.user.clear(field(label));
      await view.user.click(field(label));
      await view.user.paste(value);
    }
  };
  const submit = () => view.user.click(screen.getByRole('button', { name: 'Add Auditor' }));
  return { ...view, route, field, fill, submit };
}

describe('ProvisionAuditorDialog', () => {
  it("shows the contract's message under each field, word for word, and sends nothing", async () => {
    const { submit, field, fill, route } = renderDialog();
    await submit();
    await waitFor(() => expect(descriptionOf(field('First Name'))).toBe('First name is required'));
    expect(descriptionOf(field('Last Name'))).toBe('Last name is required');
    expect(descriptionOf(field('Email'))).toBe('Email is required');
    expect(toastMessages()).toEqual(['Please correct the highlighted fields']);

    await fill({ 'First Name': 'Aldo', 'Last Name': 'Auditor', Email: 'aldo at example' });
    await submit();
    await waitFor(() => expect(descriptionOf(field('Email'))).toBe('Please enter a valid email address'));
    expect(descriptionOf(field('First Name'))).toBe('');
    expect(toastMessages()).toEqual(['Please enter a valid email address']);
    expect(route.sent).toHaveLength(0);
  });

  it("puts the server's 400 under its field", async () => {
    const { submit, field, fill } = renderDialog();
    server.use(refusedOn('POST', '/api/admin/auditors', 'email', 'Email is too long'));
    await fill({ 'First Name': 'Aldo', 'Last Name': 'Auditor', Email: 'aldo@example.test' });
    await submit();
    await waitFor(() => expect(descriptionOf(field('Email'))).toBe('Email is too long'));
    expect(toastMessages()).toEqual(['Email is too long']);
    expect(screen.getByRole('button', { name: 'Add Auditor' })).toHaveProperty('disabled', false);
  });

  it('provisions once however often it is submitted, then shows the temporary password', async () => {
    const { submit, fill, route } = renderDialog();
    await fill({ 'First Name': ' Aldo ', 'Last Name': 'Auditor', Email: 'aldo@example.test' });
    await expectSentOnce({
      route,
      submit,
      pending: 'Adding...',
      answered: () => screen.findByTestId('auditor-temporary-password'),
    });
    expect(screen.getByTestId('auditor-temporary-password')).toHaveProperty('textContent', 'Temp-Pass-123');
    expect(route.sent).toEqual([{ first_name: 'Aldo', last_name: 'Auditor', email: 'aldo@example.test' }]);
    expect(toastMessages()).toContain('Auditor provisioned');
  });
});
