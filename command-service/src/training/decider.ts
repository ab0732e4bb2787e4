import type { JobRequirements } from '@panda/events/catalogue/accounts';
import { JOB_TYPES, REQUIREMENT_KEY, type Signature } from '@panda/events/catalogue/training';
import { signatureContentHash } from '@panda/events/signature-hash';
import { badRequest, conflict, notFound } from '../shared/domain-errors';
import type { Decider } from '../shared/decider';
import { activePlacement, evolveTraining, initialTrainingState, jobOfType, type TrainingEvent, type TrainingState } from './state';
import type { AccountEvent } from '../accounts/decider';

/**
 * A student's training goals and job cards, in the student's stream `account-<studentId>` beside
 * their placements (placements/decider.ts), folded with the shared `evolveTraining`.
 */

export type TrainingCommand =
  | {
      type: 'SetRequirements';
      requirements: JobRequirements;
      additionalRequirements: string | null;
      /** Fresh ids for jobs that have to be opened (a newly required type while placed), one per type in JOB_TYPES order. */
      newJobIds: string[];
    }
  | { type: 'SignJobCard'; jobId: string; mentorId: string; signature: Signature; completedAt: string };

/** Goals form bounds (spec sections 5 and 9). */
export const GOAL_MAX = 100;
export const GOAL_RANGE_MESSAGE = 'Must be between 1 and 100';
export const NO_GOALS_MESSAGE = 'Please specify at least one job requirement';
export const JOB_COMPLETE_MESSAGE = 'This job is already complete';
/** Ruling 20 (its text word for word): a requirement never goes below the cards already signed for its job type. */
export const belowSignedMessage = (signed: number) => `Cannot be lower than the ${signed} job cards already signed`;
/** The field of PUT /api/students/job-requirements each requirement comes from, so a form can show the message under it. */
const REQUIREMENT_FIELD = { boilerInstalls: 'boiler_installs_required', boilerService: 'boiler_service_required', pipework: 'pipework_required', repair: 'repair_required' } as const;

/** Cards signed for a job type, over every job of that type the student has had. */
const signedOfType = (state: TrainingState, jobType: (typeof JOB_TYPES)[number]) =>
  Object.values(state.jobs).reduce((n, j) => (j.jobType === jobType ? n + j.completedCount : n), 0);

function checkFloor(r: JobRequirements, state: TrainingState) {
  const low = JOB_TYPES.map((t) => ({ key: REQUIREMENT_KEY[t], signed: signedOfType(state, t) })).filter(({ key, signed }) => r[key] < signed);
  if (low.length) throw badRequest(low.map(({ key, signed }) => ({ field: REQUIREMENT_FIELD[key], message: belowSignedMessage(signed) })));
}

function checkGoals(r: JobRequirements) {
  const bad = JOB_TYPES.map((t) => REQUIREMENT_KEY[t]).filter((k) => !Number.isInteger(r[k]) || r[k] < 0 || r[k] > GOAL_MAX);
  if (bad.length) throw badRequest(bad.map((field) => ({ field, message: GOAL_RANGE_MESSAGE })));
  if (JOB_TYPES.every((t) => r[REQUIREMENT_KEY[t]] === 0)) throw badRequest([{ field: 'requirements', message: NO_GOALS_MESSAGE }]);
}

export function decideTraining(command: TrainingCommand, state: TrainingState): (TrainingEvent | AccountEvent)[] {
  if (!state.registered || !state.studentId) throw notFound('Student not found');
  const studentId = state.studentId;
  switch (command.type) {
    case 'SetRequirements': {
      const { requirements } = command;
      checkGoals(requirements);
      checkFloor(requirements, state);
      const placement = activePlacement(state);
      const placedWith = placement ? { placedWith: { placementId: placement.placementId, mentorId: placement.mentorId, previousRequirements: state.requirements } } : {};
      const events: TrainingEvent[] = [{ type: 'RequirementsSet', data: { studentId, requirements, additionalRequirements: command.additionalRequirements, ...placedWith } }];
      JOB_TYPES.forEach((jobType, i) => {
        const required = requirements[REQUIREMENT_KEY[jobType]];
        const job = jobOfType(state, jobType);
        if (job) {
          // The total follows the requirement (never below the cards signed: checkFloor refused that).
          const totalCount = Math.max(required, job.completedCount);
          if (totalCount !== job.totalCount) events.push({ type: 'JobTotalAdjusted', data: { jobId: job.jobId, studentId, totalCount } });
        } else if (placement && required > 0) {
          // A newly required job type while placed gets its job card book with the current mentor.
          const jobId = command.newJobIds[i];
          if (!jobId) throw new Error('No id for a new job');
          events.push({ type: 'JobOpened', data: { jobId, studentId, placementId: placement.placementId, mentorId: placement.mentorId, jobType, totalCount: required } });
        }
      });
      return events;
    }
    case 'SignJobCard': {
      const job = state.jobs[command.jobId];
      const placement = activePlacement(state);
      // Only the student's active mentor may sign; anyone else learns nothing about the job (ruling 12).
      if (!job || !placement || placement.mentorId !== command.mentorId) throw notFound('Job not found');
      if (job.completedCount >= job.totalCount) throw conflict(JOB_COMPLETE_MESSAGE);
      const completedCount = job.completedCount + 1;
      const contentHash = signatureContentHash({ studentId, jobType: job.jobType, count: completedCount, completedAt: command.completedAt, mentorId: command.mentorId, signature: command.signature });
      return [
        {
          type: 'JobCardSigned',
          data: { jobId: job.jobId, studentId, mentorId: command.mentorId, signature: command.signature, completedAt: command.completedAt, completedCount, contentHash },
        },
      ];
    }
  }
}

export const trainingDecider: Decider<TrainingCommand, TrainingState, TrainingEvent | AccountEvent> = {
  initialState: initialTrainingState,
  evolve: evolveTraining,
  decide: decideTraining,
};

