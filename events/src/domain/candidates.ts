import { rankMentors, type Candidate, type MentorForRanking, type StudentForRanking } from './ranking';

/**
 * Matching a student with mentors (docs/rules.md#admin-matching), the pure part shared by the candidates query (over
 * read models) and the placement command (over the write side's own facts): which mentors may be
 * proposed at all, why the others may not, and the ranking of the rest.
 */

/** What decides whether a mentor may be proposed at all. */
export interface MentorEligibility {
  locked: boolean;
  vetted: boolean;
  /** The mentor saved their complete business profile. */
  profileComplete: boolean;
}

export type MentorForMatching = MentorForRanking & MentorEligibility;

export interface ExcludedMentor {
  id: string;
  name: string;
  email: string;
  reasons: string[];
}

/** Why a mentor cannot be proposed ([] when they can): vetted, unlocked, profile complete. */
export const exclusionReasons = (m: MentorEligibility): string[] => [
  ...(m.locked ? ['Account locked'] : []),
  ...(!m.vetted ? ['Not vetted'] : []),
  ...(!m.profileComplete ? ['Profile not complete'] : []),
];

/** Why no placement can be proposed for the student now, null when one can. */
export function blockedReason(student: { locked: boolean; placed: boolean; pending: boolean }): string | null {
  if (student.locked) return "This student's account is locked";
  if (student.placed) return 'This student already has an active placement';
  if (student.pending) return 'This student already has a pending placement request';
  return null;
}

/** Eligible mentors ranked best first with their reasons; the others by name, with why not. */
export function matchMentors(
  student: StudentForRanking,
  mentors: MentorForMatching[],
): { candidates: Candidate[]; excluded: ExcludedMentor[] } {
  const excluded: ExcludedMentor[] = [];
  const eligible: MentorForRanking[] = [];
  for (const m of mentors) {
    const reasons = exclusionReasons(m);
    if (reasons.length) excluded.push({ id: m.id, name: m.name, email: m.email, reasons });
    else eligible.push(m);
  }
  excluded.sort((a, b) => a.name.localeCompare(b.name));
  return { candidates: rankMentors(student, eligible), excluded };
}

/** What a proposal records of why this mentor was suggested: the rank line, then one line per factor. */
export const proposalReasons = (c: Candidate | undefined): string[] => (c ? [c.rank_reason, ...c.reasons] : []);
