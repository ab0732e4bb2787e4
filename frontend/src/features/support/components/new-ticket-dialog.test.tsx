import { describe, expect, it, vi } from 'vitest';
import { contractHttp, refusedOn } from '../../../testing/contract-http';
import { testUser } from '../../../testing/fixtures';
import { formKit } from '../../../testing/form-kit';
import { caseloadRowFixture } from '../../../testing/handlers/training-centre';
import { descriptionOf, toastMessages } from '../../../testing/queries';
import { recordedRoute } from '../../../testing/recorded-route';
import { expectSentOnce } from '../../../testing/send-once';
import { server } from '../../../testing/server';
import { renderWithProviders, screen, waitFor, within } from '../../../testing/test-utils';
import { NewTicketDialog } from './new-ticket-dialog';

const created = {
  message: 'Support ticket created',
  id: 'ticket-1',
  ticket_id: 'ticket-1',
  status: 'open',
  position: 8,
};

function renderDialog(role: 'mentor' | 'training_centre') {
  const route = recordedRoute('POST', '/api/support', ({ ok }) => ok(201, created));
  server.use(
    route.handler,
    contractHttp('GET', '/api/my-students', ({ ok }) => ok(200, [caseloadRowFixture(0), caseloadRowFixture(1)])),
  );
  const onClose = vi.fn();
  const onCreated = vi.fn();
  const view = renderWithProviders(<NewTicketDialog open onClose={onClose} onCreated={onCreated} />, {
    session: { token: `${role}-token`, user: testUser(role) },
  });
  const dialog = screen.getByRole('dialog', { name: 'New Ticket' });
  const choose = async (label: string, option: string | RegExp) => {
    await view.user.click(within(dialog).getByRole('combobox', { name: label }));
    await view.user.click(await screen.findByRole('option', { name: option }));
  };
  return { ...view, ...formKit(view.user, dialog), dialog, route, onClose, onCreated, choose };
}

describe('NewTicketDialog', () => {
  it("names the missing subject and message in the spec's words, with one toast, and sends nothing", async () => {
    const { field, submit, route } = renderDialog('mentor');
    await submit('Create Ticket');
    await waitFor(() => expect(descriptionOf(field('Subject'))).toBe('Please fill in all required fields'));
    expect(descriptionOf(field('Message'))).toBe('Please fill in all required fields');
    expect(toastMessages()).toEqual(['Please fill in all required fields']);
    expect(route.sent).toHaveLength(0);
  });

  it('asks a centre for the student of a Student Issue, then sends the one chosen', async () => {
    const { fill, submit, route, dialog, choose, onCreated } = renderDialog('training_centre');
    await choose('Subject', 'Student Issue');
    await fill({ Message: 'Liam needs his portfolio re-checked.' });
    await submit('Create Ticket');
    const student = within(dialog).getByRole('combobox', { name: 'Student' });
    await waitFor(() => expect(descriptionOf(student)).toBe('Please select a student for student issues'));
    expect(route.sent).toHaveLength(0);

    await choose('Student', /Liam Turner/);
    await submit('Create Ticket');
    await waitFor(() => expect(onCreated).toHaveBeenCalledWith('ticket-1'));
    expect(route.sent).toEqual([
      { Subject: 'Student Issue', Message: 'Liam needs his portfolio re-checked.', Student_ID: 'student-0' },
    ]);
  });

  it('drops the chosen student when the centre picks another subject', async () => {
    const { fill, submit, route, choose, onCreated } = renderDialog('training_centre');
    await choose('Subject', 'Student Issue');
    await choose('Student', /Liam Turner/);
    await choose('Subject', 'Billing Issue');
    await fill({ Message: 'Our invoice is wrong.' });
    await submit('Create Ticket');
    await waitFor(() => expect(onCreated).toHaveBeenCalledTimes(1));
    expect(route.sent).toEqual([{ Subject: 'Billing Issue', Message: 'Our invoice is wrong.', Student_ID: null }]);
  });

  it("puts the server's 400 under its field", async () => {
    const { field, fill, submit } = renderDialog('mentor');
    server.use(refusedOn('POST', '/api/support', 'Subject', 'Must be at most 200 characters'));
    await fill({ Subject: 'Signing', Message: 'How do I sign?' });
    await submit('Create Ticket');
    await waitFor(() => expect(descriptionOf(field('Subject'))).toBe('Must be at most 200 characters'));
    expect(toastMessages()).toEqual(['Must be at most 200 characters']);
  });

  it('creates once however often it is submitted, then opens the new ticket', async () => {
    const { fill, submit, route, dialog, onClose, onCreated } = renderDialog('mentor');
    await fill({ Subject: ' Signing job cards ', Message: 'How do I sign?' });
    const body = await expectSentOnce({
      route,
      submit: () => submit('Create Ticket'),
      pending: 'Creating...',
      scope: dialog,
      answered: () => waitFor(() => expect(onCreated).toHaveBeenCalledWith('ticket-1')),
    });
    expect(body).toEqual({ Subject: 'Signing job cards', Message: 'How do I sign?', Student_ID: null });
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(toastMessages()).toEqual(['Support ticket created successfully']);
  });
});
