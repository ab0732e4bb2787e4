import { JOB_TYPES, REQUIREMENT_KEYS, requirementName, type RequirementCounts } from '../../../lib/job-types';

/** Display helpers for students in the training centre screens. */

export const REQUIREMENT_FIELDS: Array<{ key: keyof RequirementCounts; label: string }> = JOB_TYPES.map((t) => ({
  key: REQUIREMENT_KEYS[t],
  label: requirementName(REQUIREMENT_KEYS[t]),
}));

interface NameLike {
  First_Name?: string | null;
  Last_Name?: string | null;
  Name?: string | null;
  Email?: string | null;
}

export function studentName(s: NameLike | null | undefined): string {
  if (!s) return '';
  const full = [s.First_Name, s.Last_Name]
    .filter((p) => typeof p === 'string' && p.trim())
    .join(' ')
    .trim();
  return full || s.Name || s.Email || 'Student';
}

export function studentInitial(s: NameLike | null | undefined): string {
  return (studentName(s).trim()[0] ?? '?').toUpperCase();
}
