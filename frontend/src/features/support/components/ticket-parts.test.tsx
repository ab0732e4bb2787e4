import { ticketDetail, type TicketDetail } from '@panda/contracts/support';
import { describe, expect, it } from 'vitest';
import { refusedOn } from '../../../testing/contract-http';
import { testUser } from '../../../testing/fixtures';
import { formKit } from '../../../testing/form-kit';
import { descriptionOf, toastMessages } from '../../../testing/queries';
import { recordedRoute } from '../../../testing/recorded-route';
import { expectSentOnce } from '../../../testing/send-once';
import { server } from '../../../testing/server';
import { renderWithProviders, screen, waitFor } from '../../../testing/test-utils';
import { useAdminReplyMutation } from '../api/support-api';
import { TicketConversation } from './ticket-parts';

const ticket: TicketDetail = ticketDetail.parse({
  id: 'ticket-00000001',
  Subject: 'Signing job cards',
  Message: 'How do I sign?',
  Status: 'open',
  Created_At: '2026-11-20T09:00:00.000Z',
  last_activity: '2026-11-20T09:00:00.000Z',
  response_text: null,
  response_count: 0,
  ai_answered: false,
  message_count: 1,
  Student_ID: null,
  student_name: null,
  owner_id: 'mentor-1',
  owner_name: 'Maya Mentor',
  owner_email: 'mentor@example.test',
  owner_role: 'mentor',
  activity_position: 3,
  conversation: [
    {
      id: 'm1',
      sender: 'user',
      sender_name: 'Maya Mentor',
      message: 'How do I sign?',
      created_at: '2026-11-20T09:00:00.000Z',
      type: 'message',
      links: [],
    },
  ],
});
const answered = { message: 'Reply sent', id: ticket.id, status: 'responded', position: 9 };

/** The admin inbox's use of the conversation: replies go to the admin's reply route. */
function AdminConversation() {
  const [reply] = useAdminReplyMutation();
  return (
    <TicketConversation
      ticket={ticket}
      viewer="support"
      reply={(message) => reply({ id: ticket.id, message }).unwrap()}
      closedNote="This ticket is closed."
    />
  );
}

function renderReply() {
  const route = recordedRoute('POST', '/api/admin/support/:id/reply', ({ ok }) => ok(200, answered));
  server.use(route.handler);
  const view = renderWithProviders(<AdminConversation />, { session: { token: 't', user: testUser('admin') } });
  return { ...view, ...formKit(view.user), route };
}

describe('a ticket reply', () => {
  it("refuses a blank reply in the contract's words and sends nothing", async () => {
    const { field, fill, submit, route } = renderReply();
    await fill({ 'Your reply': '   ' });
    await submit('Send');
    await waitFor(() => expect(descriptionOf(field('Your reply'))).toBe('Please enter a reply'));
    expect(toastMessages()).toEqual(['Please enter a reply']);
    expect(route.sent).toHaveLength(0);
  });

  it("puts the server's 400 under the reply and keeps the text", async () => {
    const { field, fill, submit } = renderReply();
    server.use(refusedOn('POST', '/api/admin/support/:id/reply', 'message', 'Must be at most 5000 characters'));
    await fill({ 'Your reply': 'Pick another job.' });
    await submit('Send');
    await waitFor(() => expect(descriptionOf(field('Your reply'))).toBe('Must be at most 5000 characters'));
    expect(field('Your reply').value).toBe('Pick another job.');
  });

  it('sends once however often Enter is pressed, then empties the box', async () => {
    const { field, fill, user, route } = renderReply();
    await fill({ 'Your reply': ' That job is complete. ' });
    const body = await expectSentOnce({
      route,
      submit: () => user.type(field('Your reply'), '{Enter}'),
      pending: 'Sending...',
      answered: () => waitFor(() => expect(field('Your reply').value).toBe('')),
    });
    expect(body).toEqual({ message: 'That job is complete.' });
    expect(toastMessages()).toEqual(['Reply sent successfully']);
    expect(screen.getByRole('button', { name: 'Send' })).toHaveProperty('disabled', false);
  });
});
