import type { AuditSignOff, JobSignatures } from '@panda/contracts/audit';
import { contractHttp } from '../contract-http';

/**
 * Sign-off `card` of job-1 as the auditor's replay answers it, signed by Dave Clarke at `signedAt` (the
 * device captured it at `capturedAt`), before evidence was required, with `over` changed.
 */
export function auditSignOffFixture(
  card: number,
  capturedAt: string | null,
  signedAt: string,
  over: Partial<AuditSignOff> = {},
): AuditSignOff {
  return {
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
    evidence: null,
    hash_version: 1,
    reflection: null,
    signer: { id: 'mentor-1', name: 'Dave Clarke', email: 'mentor@panda.demo', role: 'mentor', gas_safe_number: null },
    ...over,
  };
}

/** Job-1 (Repair, 2 of 3 cards signed) replayed as of 23 Nov 2026 noon, with these sign-offs. */
export function auditSignaturesFixture(signatures: AuditSignOff[]): JobSignatures {
  return {
    as_of: '2026-11-23T12:00:00.000Z',
    job: {
      id: 'job-1',
      student_id: 'student-1',
      job_type: 'Repair',
      total_count: 3,
      completed_count: signatures.filter((s) => !s.revoked).length,
      status: 'in_progress',
      mentor_id: 'mentor-1',
      opened_at: '2026-11-01T09:00:00.000Z',
    },
    existed: true,
    student: { id: 'student-1', name: 'Liam Student', email: 'student@panda.demo', role: 'student' },
    signatures,
  };
}

/** GET /api/audit/jobs/:jobId/signatures answering `answer` (checked against the contract). */
export const auditSignaturesHandler = (answer: JobSignatures) =>
  contractHttp('GET', '/api/audit/jobs/:jobId/signatures', ({ ok }) => ok(200, answer));
