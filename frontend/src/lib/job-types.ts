/**
 * The job-type catalogue, its requirement names and the progress maths (spec sections 3, 9) are
 * defined once, in @panda/contracts/training, for the server and the web app alike.
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
  type Job,
  type JobType,
  type MentorSignature,
  type RequirementCounts,
  type SignedCard,
} from '@panda/contracts/training';
