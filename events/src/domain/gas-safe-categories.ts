import type { JobType } from '../catalogue/training';

/**
 * Which job types a mentor's Gas Safe categories cover (docs/rules.md#gas-safe-categories), the one rule for both the
 * sign-off decision (training decider) and the admin's match ranking (placements/ranking.ts).
 */
export const QUALIFICATION_KEYS = [
  'Qualified_Boilers',
  'Qualified_Cookers',
  'Qualified_Gas_Fires',
  'Qualified_Gas_Meters',
  'Qualified_LPG',
  'Qualified_Commercial',
] as const;
export type QualificationKey = (typeof QUALIFICATION_KEYS)[number];
export type Qualifications = Partial<Record<QualificationKey, boolean | null>>;

/**
 * The qualifications that cover a job type: any one of the list. Boiler Installs and Boiler Service
 * need boilers; Repair one of boilers, cookers, gas fires; Pipework any gas qualification.
 */
export const QUALIFICATIONS_FOR_JOB: Record<JobType, readonly QualificationKey[]> = {
  'Boiler Installs': ['Qualified_Boilers'],
  'Boiler Service': ['Qualified_Boilers'],
  Pipework: QUALIFICATION_KEYS,
  Repair: ['Qualified_Boilers', 'Qualified_Gas_Fires', 'Qualified_Cookers'],
};

/** True when the mentor's categories cover the job type. */
export const coversJobType = (qualifications: Qualifications | null | undefined, jobType: JobType): boolean =>
  QUALIFICATIONS_FOR_JOB[jobType].some((q) => qualifications?.[q] === true);

/** The refusal of docs/rules.md#gas-safe-categories, word for word. */
export const categoriesDoNotCover = (jobType: JobType) => `Your Gas Safe categories do not cover ${jobType}`;
