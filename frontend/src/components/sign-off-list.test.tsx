// IndexedDB for the outbox (jsdom has none).
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { appOutbox, confirmPath } from '../lib/outbox';
import { DISPUTE_WINDOW_CLOSED } from '@panda/contracts/signoff';
import { testUser } from '../testing/fixtures';
import { jobFixture, signedCardFixture } from '../testing/jobs';
import { renderWithProviders, screen, within } from '../testing/test-utils';
import { SignOffList } from './sign-off-list';

const session = { token: 'student-token', user: testUser('student') };

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
