/**
 * The job-type catalogue, its requirement names and the progress maths (spec sections 3, 9) are
 * defined once, in @panda/contracts/job-types (no schema, so no zod on a first screen), for the server and the web app alike.
 */
export {
  JOB_TYPES,
  JOB_TYPE_CARD_TITLES,
  REQUIREMENT_FIELDS,
  REQUIREMENT_KEYS,
  compareJobTypes,
  isComplete,
  jobPercent,
  jobRemaining,
  jobTypeName,
  percentOf,
  requirementName,
  type JobType,
} from '@panda/contracts/job-types';
export type { Job, MentorSignature, RequirementCounts, SignedCard } from '@panda/contracts/training';

/**
 * Counted sign-offs of these jobs that their trainee disputed and no admin has decided yet: while there
 * is one, the requirement shows 'Disputed' rather than complete (docs/rules.md#dispute-visibility).
 */
export const openDisputes = (
  jobs: { signatures?: { revoked: boolean; trainee_status: string; dispute: { outcome: string | null } | null }[] }[],
) =>
  jobs
    .flatMap((j) => j.signatures ?? [])
    .filter((s) => !s.revoked && s.trainee_status === 'disputed' && !s.dispute?.outcome).length;
