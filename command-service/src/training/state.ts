import type { EventsOf } from '@panda/events/define';
import type { JobRequirements } from '@panda/events/catalogue/accounts';
import { trainingEvents, type JobType, type PlacementStatus, type Signature } from '@panda/events/catalogue/training';
import type { AccountEvent } from '../accounts/decider';

export type TrainingEvent = EventsOf<typeof trainingEvents>;

export interface JobState {
  jobId: string;
  jobType: JobType;
  totalCount: number;
  completedCount: number;
  placementId: string;
  mentorId: string;
  signatures: Signature[];
}

export interface PlacementState {
  placementId: string;
  mentorId: string;
  status: PlacementStatus;
  notes: string | null;
}

/** A student's training, folded from their account stream. Shared by the placement and job deciders. */
export interface TrainingState {
  studentId: string | null;
  registered: boolean;
  centreId: string | null;
  requirements: JobRequirements;
  /** True once the student saved goals themself (the goals modal stops opening by itself). */
  goalsSet: boolean;
  additionalRequirements: string | null;
  placements: Record<string, PlacementState>;
  jobs: Record<string, JobState>;
}

export const initialTrainingState = (): TrainingState => ({
  studentId: null,
  registered: false,
  centreId: null,
  requirements: { boilerInstalls: 0, boilerService: 0, pipework: 0, repair: 0 },
  goalsSet: false,
  additionalRequirements: null,
  placements: {},
  jobs: {},
});

export const activePlacement = (s: TrainingState): PlacementState | null => Object.values(s.placements).find((p) => p.status === 'active') ?? null;
export const pendingPlacement = (s: TrainingState): PlacementState | null => Object.values(s.placements).find((p) => p.status === 'pending') ?? null;
export const jobOfType = (s: TrainingState, type: JobType): JobState | null => Object.values(s.jobs).find((j) => j.jobType === type) ?? null;

export function evolveTraining(state: TrainingState, event: TrainingEvent | AccountEvent): TrainingState {
  switch (event.type) {
    case 'StudentRegistered':
      return { ...state, studentId: event.data.accountId, registered: true, centreId: event.data.centreId, requirements: event.data.requirements };
    case 'RequirementsSet':
      return { ...state, requirements: event.data.requirements, additionalRequirements: event.data.additionalRequirements, goalsSet: true };
    case 'PlacementProposed': {
      const d = event.data;
      return { ...state, placements: { ...state.placements, [d.placementId]: { placementId: d.placementId, mentorId: d.mentorId, status: 'pending', notes: d.notes } } };
    }
    case 'PlacementAccepted':
    case 'PlacementDeclined':
    case 'PlacementEnded': {
      const p = state.placements[event.data.placementId];
      if (!p) return state;
      const status: PlacementStatus = event.type === 'PlacementAccepted' ? 'active' : event.type === 'PlacementDeclined' ? 'cancelled' : event.data.status;
      const notes = event.type === 'PlacementEnded' ? (event.data.notes ?? p.notes) : p.notes;
      return { ...state, placements: { ...state.placements, [p.placementId]: { ...p, status, notes } } };
    }
    case 'JobOpened': {
      const d = event.data;
      return {
        ...state,
        jobs: { ...state.jobs, [d.jobId]: { jobId: d.jobId, jobType: d.jobType, totalCount: d.totalCount, completedCount: 0, placementId: d.placementId, mentorId: d.mentorId, signatures: [] } },
      };
    }
    case 'JobReassigned': {
      const j = state.jobs[event.data.jobId];
      return j ? { ...state, jobs: { ...state.jobs, [j.jobId]: { ...j, placementId: event.data.placementId, mentorId: event.data.mentorId } } } : state;
    }
    case 'JobTotalAdjusted': {
      const j = state.jobs[event.data.jobId];
      return j ? { ...state, jobs: { ...state.jobs, [j.jobId]: { ...j, totalCount: event.data.totalCount } } } : state;
    }
    case 'JobCardSigned': {
      const j = state.jobs[event.data.jobId];
      return j
        ? { ...state, jobs: { ...state.jobs, [j.jobId]: { ...j, completedCount: event.data.completedCount, signatures: [...j.signatures, event.data.signature] } } }
        : state;
    }
    default:
      return state;
  }
}
