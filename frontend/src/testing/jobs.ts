import { jobSchema, openDisputeCount, type Job, type SignedCard } from '@panda/contracts/training';

/** One sign-off of a job's history, awaiting the trainee unless `overrides` says otherwise. */
export function signedCardFixture(overrides: Partial<SignedCard> = {}): SignedCard {
  return {
    signature: 'Dave Clarke',
    mentorName: 'Dave Clarke',
    date: '2026-11-20',
    time: '10:30',
    timestamp: '2026-11-20T10:30:00.000Z',
    signature_id: 'sig-1',
    mentor_id: 'mentor-1',
    completed_at: '2026-11-20T10:30:00.000Z',
    content_hash: null,
    trainee_status: 'awaiting_confirmation',
    trainee_status_label: 'Awaiting trainee confirmation',
    confirmed_at: null,
    dispute: null,
    revoked: false,
    dispute_until: '2999-12-20T10:30:00.000Z',
    signed_at: '2026-11-20T10:30:05.000Z',
    captured_at: '2026-11-20T10:30:00.000Z',
    evidence: {
      site_postcode: 'M14 6HR',
      appliance: { kind: 'boiler', make: 'Worcester Bosch', model: 'Greenstar 4000' },
      work_done: 'Serviced the boiler: checked the flue, gas rate and safety devices.',
      duration_minutes: 60,
      photos: [],
    },
    evidence_note: null,
    reflection: null,
    ...overrides,
  };
}

/** A trainee's open dispute of a sign-off, as the job views and the Disputes list carry it. */
export const OPEN_DISPUTE = {
  reason: 'I was not on that job',
  disputed_at: '2026-11-21T09:00:00.000Z',
  outcome: null,
  resolution_reason: null,
  resolved_at: null,
} as const;

/** A sign-off the trainee disputes (the dispute still open). */
export function disputedCardFixture(overrides: Partial<SignedCard> = {}): SignedCard {
  return signedCardFixture({
    signature_id: 'sig-disputed',
    trainee_status: 'disputed',
    trainee_status_label: 'Disputed',
    dispute: OPEN_DISPUTE,
    ...overrides,
  });
}

/** A job (Boiler Installs, 2 of 2 cards unless overridden), checked against the contract. */
export function jobFixture(overrides: Partial<Job> = {}): Job {
  const signatures = overrides.signatures ?? [];
  const Total_Count = overrides.Total_Count ?? 2;
  const Completed_Count = overrides.Completed_Count ?? signatures.filter((s) => !s.revoked).length;
  const percent = Total_Count > 0 ? Math.min(100, Math.round((Completed_Count / Total_Count) * 100)) : 0;
  return jobSchema.parse({
    id: 'job-1',
    Student_ID: 'student-1',
    Student_Name: 'Sam Student',
    student_email: 'sam.student@example.test',
    student_phone: null,
    student_postcode: null,
    centre_id: 'centre-1',
    mentor_id: 'mentor-1',
    placement_id: 'placement-1',
    Job_Type: 'Boiler Installs',
    Total_Count,
    Completed_Count,
    // As the server counts it from the history (docs/rules.md#dispute-visibility).
    Disputed_Count: overrides.Disputed_Count ?? openDisputeCount(signatures),
    completed_at: null,
    mentor_signature: null,
    status: Completed_Count >= Total_Count ? 'completed' : 'in_progress',
    percent,
    remaining: Math.max(0, Total_Count - Completed_Count),
    is_complete: Completed_Count >= Total_Count,
    opened_at: '2026-11-01T09:00:00.000Z',
    ...overrides,
    signatures,
  });
}

/** A signed card with evidence and `photos` photos (ids ph-1, ph-2, ...), and the trainee's `reflection`. */
export function evidencedCardFixture(photos: number, overrides: Partial<SignedCard> = {}): SignedCard {
  const card = signedCardFixture(overrides);
  return {
    ...card,
    evidence: card.evidence && {
      ...card.evidence,
      photos: Array.from({ length: photos }, (_, i) => ({ photo_id: `ph-${i + 1}`, possible_duplicate: null })),
    },
  };
}
