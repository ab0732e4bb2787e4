import { JOB_TYPES, REQUIREMENT_KEY } from '@panda/events/catalogue/training';
import { conflict, notFound } from '../shared/domain-errors';
import type { AccountEvent } from '../accounts/decider';
import type { Decider } from '../shared/decider';
import {
  activePlacement,
  evolveTraining,
  initialTrainingState,
  jobOfType,
  pendingPlacement,
  type TrainingEvent,
  type TrainingState,
} from '../training/state';

/**
 * Placements (docs/rules.md#admin-matching, docs/rules.md#placement-status, docs/rules.md#jobs-per-requirement) live in the STUDENT's stream `account-<studentId>`, beside their
 * requirements and jobs, so "never two active placements" is decided in one consistent place.
 * Facts about the mentor (another stream) come in the command, loaded by the route.
 */

export type PlacementEvent = TrainingEvent | AccountEvent;

export interface PlacementDeciderState {
  training: TrainingState;
  /** The student's own account is locked (a locked student is not placed). */
  studentLocked: boolean;
}

/** What the route knows about the mentor when the command is sent. */
export interface MentorFacts {
  /** An account with role mentor exists with that id. */
  isMentor: boolean;
  vetted: boolean;
  locked: boolean;
  /** The mentor saved their business profile (docs/rules.md#admin-matching: only complete profiles are matched). */
  profileComplete: boolean;
}

export type PlacementCommand =
  | {
      type: 'ProposePlacement';
      placementId: string;
      studentId: string;
      mentorId: string;
      notes: string | null;
      /** Why the mentor was suggested, as the admin saw it. */
      reasons: string[];
      mentor: MentorFacts;
    }
  | {
      type: 'AcceptPlacement';
      placementId: string;
      /** The mentor accepting: must be the one the placement was proposed to. */
      mentorId: string;
      mentor: MentorFacts;
      /** Fresh ids for jobs that have to be opened, one per job type in JOB_TYPES order. */
      newJobIds: string[];
    }
  | { type: 'DeclinePlacement'; placementId: string; mentorId: string; reason: string }
  | { type: 'EndPlacement'; placementId: string; status: 'completed' | 'cancelled'; notes: string | null };

export const initialPlacementState = (): PlacementDeciderState => ({
  training: initialTrainingState(),
  studentLocked: false,
});

export function evolvePlacement(state: PlacementDeciderState, event: PlacementEvent): PlacementDeciderState {
  const training = evolveTraining(state.training, event);
  switch (event.type) {
    case 'AccountLocked':
      return { training, studentLocked: true };
    case 'AccountUnlocked':
      return { training, studentLocked: false };
    default:
      return training === state.training ? state : { ...state, training };
  }
}

const placementFor = (state: PlacementDeciderState, placementId: string, mentorId?: string) => {
  const p = state.training.placements[placementId];
  // A mentor never learns of placements that are not theirs (docs/rules.md#server-side-access).
  if (!p || (mentorId !== undefined && p.mentorId !== mentorId)) throw notFound('Placement request not found');
  return p;
};

function checkMentor(m: MentorFacts, who: 'this mentor' | 'your account') {
  if (!m.isMentor) throw notFound('Mentor not found');
  const subject = who === 'this mentor' ? "This mentor's account" : 'Your account';
  if (m.locked) throw conflict(`${subject} is locked`);
  if (!m.vetted)
    throw conflict(
      who === 'this mentor' ? 'This mentor has not been vetted yet' : 'Your account has not been vetted yet',
    );
  if (!m.profileComplete)
    throw conflict(
      who === 'this mentor'
        ? 'This mentor has not completed their profile yet'
        : 'Please complete your mentor profile first',
    );
}

export function decidePlacement(command: PlacementCommand, state: PlacementDeciderState): PlacementEvent[] {
  const { training } = state;
  switch (command.type) {
    case 'ProposePlacement': {
      if (!training.registered || !training.studentId) throw notFound('Student not found');
      const existing = training.placements[command.placementId];
      if (existing) {
        if (existing.mentorId === command.mentorId) return [];
        throw conflict('A placement with this id already exists');
      }
      if (state.studentLocked) throw conflict("This student's account is locked");
      checkMentor(command.mentor, 'this mentor');
      if (activePlacement(training)) throw conflict('This student already has an active placement');
      if (pendingPlacement(training)) throw conflict('This student already has a pending placement request');
      return [
        {
          type: 'PlacementProposed',
          data: {
            placementId: command.placementId,
            studentId: training.studentId,
            mentorId: command.mentorId,
            centreId: training.centreId,
            notes: command.notes,
            reasons: command.reasons,
          },
        },
      ];
    }
    case 'AcceptPlacement': {
      const p = placementFor(state, command.placementId, command.mentorId);
      if (p.status === 'active') throw conflict('This placement has already been accepted');
      if (p.status !== 'pending') throw conflict(`This placement request is no longer pending (${p.status})`);
      if (activePlacement(training)) throw conflict('This student already has an active placement');
      if (state.studentLocked) throw conflict("This student's account is locked");
      checkMentor(command.mentor, 'your account');
      const studentId = training.studentId!;
      const events: PlacementEvent[] = [
        { type: 'PlacementAccepted', data: { placementId: p.placementId, studentId, mentorId: p.mentorId } },
      ];
      JOB_TYPES.forEach((jobType, i) => {
        const required = training.requirements[REQUIREMENT_KEY[jobType]];
        if (required <= 0) return;
        const job = jobOfType(training, jobType);
        if (job) {
          events.push({
            type: 'JobReassigned',
            data: { jobId: job.jobId, studentId, placementId: p.placementId, mentorId: p.mentorId },
          });
          return;
        }
        const jobId = command.newJobIds[i];
        if (!jobId) throw new Error('No id for a new job');
        events.push({
          type: 'JobOpened',
          data: { jobId, studentId, placementId: p.placementId, mentorId: p.mentorId, jobType, totalCount: required },
        });
      });
      return events;
    }
    case 'DeclinePlacement': {
      const p = placementFor(state, command.placementId, command.mentorId);
      if (p.status !== 'pending') throw conflict(`This placement request is no longer pending (${p.status})`);
      return [
        {
          type: 'PlacementDeclined',
          data: {
            placementId: p.placementId,
            studentId: training.studentId!,
            mentorId: p.mentorId,
            reason: command.reason,
          },
        },
      ];
    }
    case 'EndPlacement': {
      const p = placementFor(state, command.placementId);
      if (p.status === 'completed' || p.status === 'cancelled')
        throw conflict(`This placement has already ended (${p.status})`);
      if (p.status === 'pending' && command.status === 'completed')
        throw conflict('A pending placement can only be cancelled');
      return [
        {
          type: 'PlacementEnded',
          data: {
            placementId: p.placementId,
            studentId: training.studentId!,
            mentorId: p.mentorId,
            status: command.status,
            notes: command.notes,
          },
        },
      ];
    }
  }
}

export const placementDecider: Decider<PlacementCommand, PlacementDeciderState, PlacementEvent> = {
  initialState: initialPlacementState,
  evolve: evolvePlacement,
  decide: decidePlacement,
};
