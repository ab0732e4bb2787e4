import { describe, expect, it, vi } from 'vitest';
import { contractHttp, refusedOn } from '../../../testing/contract-http';
import { testUser } from '../../../testing/fixtures';
import { formKit } from '../../../testing/form-kit';
import { caseloadRowFixture } from '../../../testing/handlers/training-centre';
import { descriptionOf, toastMessages } from '../../../testing/queries';
import { recordedRoute } from '../../../testing/recorded-route';
import { expectSentOnce } from '../../../testing/send-once';
import { server } from '../../../testing/server';
import { renderWithProviders, screen, waitFor } from '../../../testing/test-utils';
import { CreateAnnouncementDialog } from './create-announcement-dialog';

const session = { token: 'centre-token', user: testUser('training_centre') };
const sent = { message: 'Announcement sent to 1 student(s)!', id: 'ann-1', recipients: 1, position: 9 };

async function renderDialog() {
  const route = recordedRoute('POST', '/api/announcements', ({ ok }) => ok(201, sent));
  server.use(
    route.handler,
    contractHttp('GET', '/api/my-students', ({ ok }) => ok(200, [caseloadRowFixture(0), caseloadRowFixture(1)])),
  );
  const onClose = vi.fn();
  const view = renderWithProviders(<CreateAnnouncementDialog open onClose={onClose} />, { session });
  const dialog = screen.getByRole('dialog', { name: 'Create Announcement' });
  await view.user.click(await screen.findByRole('checkbox', { name: /Liam Turner/ }));
  return { ...view, ...formKit(view.user, dialog), route, dialog, onClose };
}

describe('CreateAnnouncementDialog', () => {
  it("shows the spec's message under each empty field, one toast, and sends nothing", async () => {
    const { field, submit, route } = await renderDialog();
    await submit('Send Announcement');
    await waitFor(() => expect(descriptionOf(field('Title'))).toBe('Please enter an announcement title'));
    expect(descriptionOf(field('Message'))).toBe('Please enter an announcement message');
    expect(toastMessages()).toEqual(['Please correct the highlighted fields']);
    expect(route.sent).toHaveLength(0);
  });

  it("puts the server's 400 under its field", async () => {
    const { field, fill, submit } = await renderDialog();
    server.use(refusedOn('POST', '/api/announcements', 'title', 'Title must be at most 200 characters'));
    await fill({ Title: 'Assessment day', Message: 'Thursday at 9:00.' });
    await submit('Send Announcement');
    await waitFor(() => expect(descriptionOf(field('Title'))).toBe('Title must be at most 200 characters'));
  });

  it('sends once however often it is submitted, to the students chosen, then closes', async () => {
    const { fill, submit, route, dialog, onClose } = await renderDialog();
    await fill({ Title: ' Assessment day ', Message: 'Thursday at 9:00.' });
    const body = await expectSentOnce({
      route,
      submit: () => submit('Send Announcement'),
      pending: 'Sending...',
      scope: dialog,
      answered: () => waitFor(() => expect(onClose).toHaveBeenCalledTimes(1)),
    });
    expect(body).toEqual({
      title: 'Assessment day',
      message: 'Thursday at 9:00.',
      priority: 'normal',
      recipient_ids: ['student-0'],
    });
    expect(toastMessages()).toEqual(['Announcement sent to 1 student(s)!']);
  });
});
