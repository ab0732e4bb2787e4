/** Labels and formats of the Audit view. */

/** Chip colours dark enough for white text (WCAG AA contrast). */
export const GOOD = { bgcolor: 'success.dark', color: '#fff' } as const;
export const BAD = { bgcolor: 'error.dark', color: '#fff' } as const;

export const ACTION_LABELS: Record<string, string> = {
  registered: 'Registered',
  signed_up: 'Signed up',
  provisioned: 'Provisioned',
  student_registered: 'Registered a student',
  vetted: 'Vetted',
  unvetted: 'Vetting removed',
  locked: 'Locked',
  unlocked: 'Unlocked',
  placement_proposed: 'Placement proposed',
  placement_accepted: 'Placement accepted',
  placement_declined: 'Placement declined',
  placement_ended: 'Placement ended',
  signature_disputed: 'Sign-off disputed',
  dispute_resolved: 'Dispute resolved',
};

export const ROLE_NAMES: Record<string, string> = {
  student: 'Student',
  mentor: 'Mentor',
  training_centre: 'Training centre',
  admin: 'Admin',
  auditor: 'Auditor',
};

export const ACCESS_LABELS: Record<string, string> = {
  job_signatures: 'Job card signatures',
  account_timeline: 'Account timeline',
  verify_log: 'Verified the log',
  evidence_pdf: 'Evidence pack (PDF)',
  evidence_csv: 'Evidence pack (CSV)',
  subject_search: 'Searched',
  access_log: 'Access log',
  student_criteria: 'Criteria progress',
};

export const FAULTS: Record<string, string> = {
  altered: 'an event was altered',
  missing_or_reordered: 'an event before it is missing or events were reordered',
  unchained: 'the event carries no hash',
};

/** 26 Nov 2026, 14:05:09 (local time, seconds shown: signatures minutes apart must be told apart). */
export function dateTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return d.toLocaleString('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });
}

/** A `datetime-local` value (local time) as an ISO instant; null for an empty or invalid value. */
export function localToIso(value: string): string | null {
  if (!value) return null;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}
