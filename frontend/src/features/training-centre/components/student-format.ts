import { requirementName } from '../../../lib/job-types';
import type { JobRequirementCounts } from '../api/training-centre-api';

/** Display helpers for students in the training centre screens. */

export const REQUIREMENT_FIELDS: Array<{ key: keyof JobRequirementCounts; label: string }> = [
  { key: 'Boiler_Installs', label: requirementName('Boiler_Installs') },
  { key: 'Boiler_Service', label: requirementName('Boiler_Service') },
  { key: 'Pipework', label: requirementName('Pipework') },
  { key: 'Repair', label: requirementName('Repair') },
];

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

/** The student's required count per job type, from the flat fields or `job_requirements`. */
export function requirementCount(
  s: Partial<JobRequirementCounts> & { job_requirements?: Partial<JobRequirementCounts> | null },
  key: keyof JobRequirementCounts,
): number {
  const flat = s[key];
  if (typeof flat === 'number') return flat;
  const nested = s.job_requirements?.[key];
  return typeof nested === 'number' ? nested : 0;
}
