// IndexedDB for the outbox (jsdom has none).
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { REFLECTION_MAX } from '@panda/contracts/evidence';
import { appOutbox, confirmPath } from '../lib/outbox';
import { DISPUTE_WINDOW_CLOSED } from '@panda/contracts/signoff';
import { testUser } from '../testing/fixtures';
import { formKit } from '../testing/form-kit';
import { evidencedCardFixture, jobFixture, signedCardFixture } from '../testing/jobs';
import { jobPhotoHandler, useBlobUrls } from '../testing/handlers/photos';
import { descriptionOf, toastMessages } from '../testing/queries';
import { recordedRoute } from '../testing/recorded-route';
import { expectSentOnce } from '../testing/send-once';
import { server } from '../testing/server';
import { renderWithProviders, screen, waitFor, within } from '../testing/test-utils';
import { SignOffList, StudentSignOffs } from './sign-off-list';
import { contractHttp } from '../testing/contract-http';

const session = { token: 'student-token', user: testUser('student') };

describe("StudentSignOffs: the centre's read-only list", () => {
  it("says so when a student's sign-offs cannot be loaded, with a Retry that loads them", async () => {
    let fails = true;
    server.use(
      contractHttp('GET', '/api/jobs', ({ fail, ok }) =>
        fails
          ? fail(500, { detail: 'Internal error' })
          : ok(200, [jobFixture({ signatures: [signedCardFixture({ signature_id: 'sig-1' })] })]),
      ),
    );
    const { user } = renderWithProviders(<StudentSignOffs studentId="student-1" />, {
      session: { token: 'centre-token', user: testUser('training_centre') },
    });
    const alert = (await screen.findByText('Failed to load the sign-offs')).closest('[role="alert"]') as HTMLElement;
    fails = false;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect((await screen.findAllByTestId('sign-off-status')).length).toBe(1);
  });
});

describe("SignOffList (the student's sign-offs)", () => {
  it('offers Dispute only within the 30 days after a sign-off; later it says to ask the Support Center', () => {
    const job = jobFixture({
      signatures: [
        signedCardFixture({
          signature_id: 'old',
          timestamp: '2026-01-01T10:00:00.000Z',
          dispute_until: '2026-01-31T10:00:00.000Z',
        }),
        signedCardFixture({
          signature_id: 'new',
          timestamp: '2026-02-01T10:00:00.000Z',
          dispute_until: '2999-01-31T10:00:00.000Z',
        }),
      ],
    });
    renderWithProviders(<SignOffList jobs={[job]} actions />, { route: '/dashboard?view=jobs', session });

    const rows = screen.getAllByTestId('sign-off-row');
    const byId = (id: string) => rows.find((r) => r.getAttribute('data-signature-id') === id)!;
    const fresh = within(byId('new'));
    expect(fresh.getByRole('button', { name: 'Confirm' })).toBeTruthy();
    expect(fresh.getByRole('button', { name: 'Dispute' })).toBeTruthy();
    expect(fresh.queryByText(DISPUTE_WINDOW_CLOSED)).toBeNull();

    const old = within(byId('old'));
    expect(old.getByRole('button', { name: 'Confirm' })).toBeTruthy();
    expect(old.queryByRole('button', { name: 'Dispute' })).toBeNull();
    expect(old.getByText(DISPUTE_WINDOW_CLOSED)).toBeTruthy();
  });

  it('shows a confirmation waiting in the outbox in place of Confirm and Dispute', async () => {
    const job = jobFixture({
      signatures: [signedCardFixture({ signature_id: 'queued' }), signedCardFixture({ signature_id: 'open' })],
    });
    await (
      await appOutbox()
    ).add({ userId: session.user.id, kind: 'confirmation', label: 'x', method: 'POST', path: confirmPath('queued') });
    renderWithProviders(<SignOffList jobs={[job]} actions />, { route: '/dashboard?view=jobs', session });

    const rows = screen.getAllByTestId('sign-off-row');
    const byId = (id: string) => within(rows.find((r) => r.getAttribute('data-signature-id') === id)!);
    await byId('queued').findByText('Confirmation waiting to send');
    expect(byId('queued').queryByRole('button', { name: 'Confirm' })).toBeNull();
    expect(byId('queued').queryByRole('button', { name: 'Dispute' })).toBeNull();
    expect(byId('open').getByRole('button', { name: 'Confirm' })).toBeTruthy();
  });

  it('shows both times (captured, received) on a card sent more than 24 hours after it was made', () => {
    const job = jobFixture({
      signatures: [
        signedCardFixture({
          signature_id: 'late',
          captured_at: '2026-11-20T10:30:00.000Z',
          signed_at: '2026-11-22T09:15:00.000Z',
        }),
        signedCardFixture({
          signature_id: 'same-day',
          captured_at: '2026-11-20T10:30:00.000Z',
          signed_at: '2026-11-21T10:30:00.000Z',
        }),
      ],
    });
    // The centre's read-only list (StudentSignOffs) and the student's both show it.
    renderWithProviders(<SignOffList jobs={[job]} />, { route: '/dashboard', session });

    const rows = screen.getAllByTestId('sign-off-row');
    const byId = (id: string) => within(rows.find((r) => r.getAttribute('data-signature-id') === id)!);
    expect(byId('late').getByTestId('late-send').textContent).toBe(
      'Sent more than 24 hours after it was made: captured on the device 20 Nov 2026, 10:30, received by Panda 22 Nov 2026, 09:15',
    );
    expect(byId('same-day').queryByTestId('late-send')).toBeNull();
  });
});

describe("SignOffList: the student's confirmation with a reflection", () => {
  useBlobUrls();
  const confirmed = {
    signature_id: 'sig-1',
    trainee_status: 'confirmed',
    trainee_status_label: 'Confirmed by trainee',
    revoked: false,
    message: 'Thank you: you confirmed this sign-off',
    position: 21,
  };

  function renderList() {
    const route = recordedRoute('POST', '/api/signatures/:signatureId/confirm', ({ ok }) => ok(200, confirmed));
    server.use(route.handler, jobPhotoHandler().handler);
    const job = jobFixture({ signatures: [evidencedCardFixture(1, { signature_id: 'sig-1' })] });
    const view = renderWithProviders(<SignOffList jobs={[job]} actions />, { route: '/dashboard?view=jobs', session });
    return { ...view, route };
  }

  it('shows the card’s evidence, then sends the reflection once with the confirmation', async () => {
    const { user, route } = renderList();
    const row = screen.getByTestId('sign-off-row');
    expect(within(row).getByText('Work done').nextElementSibling?.textContent).toMatch(/^Serviced the boiler/);
    expect(within(row).getAllByTestId('evidence-photo')).toHaveLength(1);

    await user.click(within(row).getByRole('button', { name: 'Confirm' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm this sign-off' });
    const kit = formKit(user, dialog);
    expect(kit.field('Your reflection (optional)').maxLength).toBe(REFLECTION_MAX);
    await kit.fill({ 'Your reflection (optional)': '  I isolated the gas supply myself this time.  ' });
    const body = await expectSentOnce({
      route,
      submit: () => kit.submit('Confirm sign-off'),
      pending: 'Confirming...',
      scope: dialog,
      answered: () => waitFor(() => expect(screen.queryByRole('dialog')).toBeNull()),
    });
    expect(body).toEqual({ reflection: 'I isolated the gas supply myself this time.' });
    expect(toastMessages()).toEqual(['Thank you: you confirmed this sign-off']);
  });

  it('confirms without a reflection (it is optional), and puts a refused reflection under its field', async () => {
    const { user, route } = renderList();
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm this sign-off' });
    const kit = formKit(user, dialog);
    server.use(
      recordedRoute('POST', '/api/signatures/:signatureId/confirm', ({ fail }) =>
        fail(400, { detail: [{ field: 'reflection', message: 'Must be at most 2000 characters' }] }),
      ).handler,
    );
    await kit.fill({ 'Your reflection (optional)': 'Fine.' });
    await kit.submit('Confirm sign-off');
    await waitFor(() =>
      expect(descriptionOf(kit.field('Your reflection (optional)'))).toBe('Must be at most 2000 characters'),
    );
    server.use(route.handler);
    await kit.fill({ 'Your reflection (optional)': '' });
    await kit.submit('Confirm sign-off');
    await waitFor(() => expect(route.sent).toEqual([{ reflection: null }]));
  });

  it('shows the reflection under a confirmed card', () => {
    const job = jobFixture({
      signatures: [
        evidencedCardFixture(0, {
          trainee_status: 'confirmed',
          trainee_status_label: 'Confirmed by trainee',
          reflection: 'Next time I will test the flue first.',
        }),
      ],
    });
    renderWithProviders(<SignOffList jobs={[job]} actions />, { route: '/dashboard?view=jobs', session });
    expect(screen.getByTestId('card-reflection').textContent).toBe(
      "Trainee's reflectionNext time I will test the flue first.",
    );
    expect(screen.queryByRole('button', { name: 'Confirm' })).toBeNull();
  });
});
