// IndexedDB for the outbox (jsdom has none).
import 'fake-indexeddb/auto';
import { DISPUTE_REASON_REQUIRED } from '@panda/contracts/signoff';
import { describe, expect, it, vi } from 'vitest';
import { appOutbox, disputePath } from '../lib/outbox';
import { refusedOn } from '../testing/contract-http';
import { testUser } from '../testing/fixtures';
import { formKit } from '../testing/form-kit';
import { jobFixture, signedCardFixture } from '../testing/jobs';
import { descriptionOf, toastMessages } from '../testing/queries';
import { recordedRoute } from '../testing/recorded-route';
import { expectSentOnce } from '../testing/send-once';
import { server } from '../testing/server';
import { renderWithProviders, screen, waitFor, within } from '../testing/test-utils';
import { QUEUED_ACTION, SignOffList } from './sign-off-list';

const session = { token: 'student-token', user: testUser('student') };
const disputed = {
  signature_id: 'sig-1',
  trainee_status: 'disputed',
  trainee_status_label: 'Disputed',
  revoked: false,
  message: 'Dispute sent',
  position: 12,
};

/** The student's sign-off list, its Dispute dialog opened (its code loads lazily). */
async function openDispute() {
  const route = recordedRoute('POST', '/api/signatures/:signatureId/dispute', ({ ok }) => ok(200, disputed));
  server.use(route.handler);
  const view = renderWithProviders(<SignOffList jobs={[jobFixture({ signatures: [signedCardFixture()] })]} actions />, {
    route: '/dashboard?view=jobs',
    session,
  });
  await view.user.click(screen.getByRole('button', { name: 'Dispute' }));
  const dialog = await screen.findByRole('dialog', { name: 'Dispute this sign-off' });
  return { ...view, ...formKit(view.user, dialog), dialog, route };
}

describe('DisputeDialog', () => {
  it("asks for a reason in the contract's words and sends nothing", async () => {
    const { field, submit, route } = await openDispute();
    await submit('Send dispute');
    await waitFor(() => expect(descriptionOf(field('Why do you dispute it?'))).toBe(DISPUTE_REASON_REQUIRED));
    expect(DISPUTE_REASON_REQUIRED).toBe('Please give a reason for the dispute');
    expect(toastMessages()).toEqual([DISPUTE_REASON_REQUIRED]);
    expect(route.sent).toHaveLength(0);
  });

  it("puts the server's 400 under the reason and stays open", async () => {
    const { field, fill, submit, dialog } = await openDispute();
    server.use(refusedOn('POST', '/api/signatures/:signatureId/dispute', 'reason', 'Must be at most 2000 characters'));
    await fill({ 'Why do you dispute it?': 'I was not on that job.' });
    await submit('Send dispute');
    await waitFor(() => expect(descriptionOf(field('Why do you dispute it?'))).toBe('Must be at most 2000 characters'));
    expect(dialog.isConnected).toBe(true);
  });

  it('sends once however often it is submitted, then closes', async () => {
    const { fill, submit, route, dialog } = await openDispute();
    await fill({ 'Why do you dispute it?': ' I was not on that job. ' });
    const body = await expectSentOnce({
      route,
      submit: () => submit('Send dispute'),
      pending: 'Sending...',
      scope: dialog,
      whileSending: () =>
        expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveProperty('disabled', true),
      answered: () => waitFor(() => expect(screen.queryByRole('dialog')).toBeNull()),
    });
    expect(body).toEqual({ reason: 'I was not on that job.' });
    expect(toastMessages()).toEqual(['Dispute sent']);
  });
  it('with no signal keeps the dispute in the outbox with its reason, sending nothing, and the card says it waits', async () => {
    vi.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      const { fill, submit, route } = await openDispute();
      await fill({ 'Why do you dispute it?': 'I was not on that job.' });
      await submit('Send dispute');
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(toastMessages()).toEqual([QUEUED_ACTION]);
      expect(route.sent).toHaveLength(0);
      const queued = (await (await appOutbox()).list(session.user.id)).filter((i) => i.kind === 'dispute');
      expect(queued).toMatchObject([
        { method: 'POST', path: disputePath('sig-1'), body: { reason: 'I was not on that job.' }, status: 'waiting' },
      ]);
      expect(queued[0].idempotencyKey).toBeTruthy();
      await screen.findByText('Dispute waiting to send');
      expect(screen.queryByRole('button', { name: 'Dispute' })).toBeNull();
    } finally {
      vi.restoreAllMocks();
    }
  });
});
