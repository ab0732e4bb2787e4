import { describe, expect, it } from 'vitest';
import type { AuditSignOff, JobSignatures } from '@panda/contracts/audit';
import { testUser } from '../../../testing/fixtures';
import { recordedRoute } from '../../../testing/recorded-route';
import { server } from '../../../testing/server';
import { renderWithProviders, screen, within } from '../../../testing/test-utils';
import { SignaturesPanel } from './signatures-panel';

const session = { token: 'admin-token', user: testUser('admin') };

const signOff = (card: number, capturedAt: string | null, signedAt: string): AuditSignOff => ({
  card_number: card,
  signed_at: signedAt,
  captured_at: capturedAt,
  position: 10 + card,
  mentor_id: 'mentor-1',
  signature: {
    signature: 'D. Clarke',
    mentorName: 'Dave Clarke',
    date: '2026-11-20',
    time: '10:30',
    timestamp: signedAt,
  },
  completed_at: capturedAt ?? signedAt,
  content_hash: 'a'.repeat(64),
  content_hash_source: 'recorded',
  content_hash_matches: true,
  event_hash: 'b'.repeat(64),
  signature_id: `sig-${card}`,
  trainee_status: 'awaiting_confirmation',
  trainee_status_label: 'Awaiting trainee',
  confirmed_at: null,
  confirmation_hash_matches: null,
  dispute: null,
  revoked: false,
  signer: { id: 'mentor-1', name: 'Dave Clarke', email: 'mentor@panda.demo', role: 'mentor', gas_safe_number: null },
});

const answer: JobSignatures = {
  as_of: '2026-11-23T12:00:00.000Z',
  job: {
    id: 'job-1',
    student_id: 'student-1',
    job_type: 'Repair',
    total_count: 3,
    completed_count: 2,
    status: 'in_progress',
    mentor_id: 'mentor-1',
    opened_at: '2026-11-01T09:00:00.000Z',
  },
  existed: true,
  student: { id: 'student-1', name: 'Liam Student', email: 'student@panda.demo', role: 'student' },
  signatures: [
    // Made in a cellar on the 20th, received on the 22nd: it waited in the outbox.
    signOff(1, '2026-11-20T10:30:00.000Z', '2026-11-22T09:15:00.000Z'),
    signOff(2, '2026-11-22T10:00:00.000Z', '2026-11-22T10:00:05.000Z'),
  ],
};

describe('SignaturesPanel (auditors)', () => {
  it('shows both times on a sign-off received more than 24 hours after the device captured it, and only there', async () => {
    server.use(recordedRoute('GET', '/api/audit/jobs/:jobId/signatures', ({ ok }) => ok(200, answer)).handler);
    renderWithProviders(<SignaturesPanel jobId="job-1" asOf={null} />, { session });
    const cards = await screen.findAllByTestId('signoff');
    expect(cards).toHaveLength(2);
    expect(within(cards[0]).getByTestId('late-send').textContent).toBe(
      'Sent more than 24 hours after it was made: captured on the device 20 Nov 2026, 10:30, received by Panda 22 Nov 2026, 09:15',
    );
    expect(within(cards[1]).queryByTestId('late-send')).toBeNull();
  });
});
