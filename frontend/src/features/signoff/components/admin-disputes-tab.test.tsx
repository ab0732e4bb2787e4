import { disputesResponse, OUTCOME_REQUIRED, RESOLUTION_REASON_REQUIRED } from '@panda/contracts/signoff';
import { describe, expect, it } from 'vitest';
import { contractHttp, refusedOn } from '../../../testing/contract-http';
import { testUser } from '../../../testing/fixtures';
import { formKit } from '../../../testing/form-kit';
import { OPEN_DISPUTE } from '../../../testing/jobs';
import { descriptionOf, toastMessages } from '../../../testing/queries';
import { recordedRoute } from '../../../testing/recorded-route';
import { expectSentOnce } from '../../../testing/send-once';
import { server } from '../../../testing/server';
import { renderWithProviders, screen, waitFor, within } from '../../../testing/test-utils';
import { AdminDisputesTab } from './admin-disputes-tab';

const RESOLVE = '/api/admin/disputes/:signatureId/resolve';

const openDispute = disputesResponse.element.parse({
  id: 'sig-1',
  signature_id: 'sig-1',
  job_id: 'job-1',
  job_type: 'Boiler_Installs',
  student_id: 'stu-1',
  student_name: 'Sam Student',
  mentor_id: 'men-1',
  mentor_name: 'Dave Clarke',
  centre_id: 'centre-1',
  centre_name: 'North Gas Academy',
  signature: {
    signature: 'Dave Clarke',
    mentorName: 'Dave Clarke',
    date: '2026-11-20',
    time: '10:30',
    timestamp: '2026-11-20T10:30:00.000Z',
  },
  completed_at: '2026-11-20T10:30:00.000Z',
  signed_at: '2026-11-20T10:30:05.000Z',
  content_hash: null,
  trainee_status: 'disputed',
  trainee_status_label: 'Disputed',
  confirmed_at: null,
  dispute: OPEN_DISPUTE,
  revoked: false,
  open_dispute: true,
  disputed_at: '2026-11-21T09:00:00.000Z',
});

const upheld = {
  signature_id: 'sig-1',
  trainee_status: 'disputed',
  trainee_status_label: 'Disputed',
  revoked: true,
  message: 'Dispute upheld',
  position: 14,
};

/** The admin Disputes tab with one open dispute, its Resolve dialog opened. */
async function openResolve() {
  const route = recordedRoute('POST', RESOLVE, ({ ok }) => ok(200, upheld));
  server.use(
    contractHttp('GET', '/api/admin/disputes', ({ ok }) => ok(200, [openDispute], { 'X-Total-Count': '1' })),
    route.handler,
  );
  const view = renderWithProviders(<AdminDisputesTab />, {
    session: { token: 'admin-token', user: testUser('admin') },
  });
  await view.user.click(await screen.findByRole('button', { name: 'Resolve the dispute of Sam Student' }));
  const dialog = await screen.findByRole('dialog', { name: 'Resolve dispute' });
  return { ...view, ...formKit(view.user, dialog), dialog, route };
}

describe('Resolve dispute dialog', () => {
  it("asks for an outcome and a reason in the contract's words and sends nothing", async () => {
    const { field, submit, dialog, route } = await openResolve();
    await submit('Resolve');
    await waitFor(() => expect(descriptionOf(field('Reason for the decision'))).toBe(RESOLUTION_REASON_REQUIRED));
    const outcome = within(dialog).getByRole('radiogroup', { name: 'Outcome' });
    expect(descriptionOf(outcome)).toBe(OUTCOME_REQUIRED);
    expect([OUTCOME_REQUIRED, RESOLUTION_REASON_REQUIRED]).toEqual([
      'Please choose an outcome',
      'Please give a reason for the decision',
    ]);
    expect(toastMessages()).toEqual(['Please correct the highlighted fields']);
    expect(route.sent).toHaveLength(0);
  });

  it("puts the server's 400 under the reason and stays open", async () => {
    const { field, fill, submit, dialog, user } = await openResolve();
    server.use(refusedOn('POST', RESOLVE, 'reason', 'Must be at most 2000 characters'));
    await user.click(within(dialog).getByRole('radio', { name: /^Uphold/ }));
    await fill({ 'Reason for the decision': 'The mentor was elsewhere that day.' });
    await submit('Resolve');
    await waitFor(() =>
      expect(descriptionOf(field('Reason for the decision'))).toBe('Must be at most 2000 characters'),
    );
    expect(dialog.isConnected).toBe(true);
  });

  it('sends once however often it is submitted, then closes', async () => {
    const { fill, submit, dialog, route, user } = await openResolve();
    await user.click(within(dialog).getByRole('radio', { name: /^Uphold/ }));
    await fill({ 'Reason for the decision': ' The mentor was elsewhere that day. ' });
    const body = await expectSentOnce({
      route,
      submit: () => submit('Resolve'),
      pending: 'Resolving...',
      scope: dialog,
      answered: () => waitFor(() => expect(screen.queryByRole('dialog')).toBeNull()),
    });
    expect(body).toEqual({ outcome: 'upheld', reason: 'The mentor was elsewhere that day.' });
    expect(toastMessages()).toEqual(['Dispute upheld']);
  });
});
