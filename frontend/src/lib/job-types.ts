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
import { isComplete } from '@panda/contracts/job-types';
export type { Job, MentorSignature, RequirementCounts, SignedCard } from '@panda/contracts/training';

/**
 * Counted sign-offs of these jobs that their trainee disputed and no admin has decided yet, as the server
 * counts them on each job (`Disputed_Count`, the same on every screen): while there is one, the requirement
 * shows 'Disputed' rather than complete (docs/rules.md#dispute-visibility).
 */
export const openDisputes = (jobs: { Disputed_Count: number }[]) => jobs.reduce((n, j) => n + j.Disputed_Count, 0);

/**
 * Where a job stands, the same on every screen (docs/rules.md#dispute-visibility): 'disputed' while a counted
 * sign-off awaits an admin's decision on its dispute, else 'completed' once every card is signed, else
 * 'in_progress'.
 */
export type JobStanding = 'completed' | 'disputed' | 'in_progress';

export function jobStanding(
  job: Parameters<typeof isComplete>[0] & Parameters<typeof openDisputes>[0][number],
): JobStanding {
  if (openDisputes([job]) > 0) return 'disputed';
  return isComplete(job) ? 'completed' : 'in_progress';
}

/** The chip of each standing: its words and colour. */
export const JOB_STANDING_CHIP = {
  completed: { label: 'Completed', color: 'success', variant: 'filled' },
  disputed: { label: 'Disputed', color: 'warning', variant: 'outlined' },
  in_progress: { label: 'In Progress', color: 'primary', variant: 'outlined' },
} as const satisfies Record<JobStanding, { label: string; color: string; variant: 'filled' | 'outlined' }>;

/** The colour of each standing's progress bar and figures. */
export const JOB_STANDING_TONE = {
  completed: 'success',
  disputed: 'warning',
  in_progress: 'primary',
} as const satisfies Record<JobStanding, 'success' | 'warning' | 'primary'>;
