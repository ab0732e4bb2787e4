import type { EventsOf } from '@panda/events/define';
import type { JobRequirements } from '@panda/events/catalogue/accounts';
import {
  signatureIdOf,
  trainingEvents,
  type JobType,
  type PlacementStatus,
  type Signature,
} from '@panda/events/catalogue/training';
import { cardContentHash } from '@panda/events/signature-hash';
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

/** Where a sign-off stands with the trainee (docs/rules.md#trainee-countersign). */
export type SignOffStatus = 'awaiting_confirmation' | 'confirmed' | 'disputed';

export interface SignOffState {
  signatureId: string;
  jobId: string;
  mentorId: string;
  /** The content hash the mentor signed (computed for sign-offs recorded before hashes existed). */
  contentHash: string;
  status: SignOffStatus;
  /** Set once an admin resolved the dispute. */
  outcome: 'upheld' | 'rejected' | null;
  /** When the sign-off was recorded (its event's time; null when folded from an event without one). */
  signedAt: string | null;
}

export interface PlacementState {
  placementId: string;
  mentorId: string;
  status: PlacementStatus;
  notes: string | null;
  /** When the mentor accepted it (its event's time; null when folded from an event without one). */
  acceptedAt: string | null;
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
  /** Every sign-off by its id (docs/rules.md#trainee-countersign). */
  signOffs: Record<string, SignOffState>;
  /** The photos on this student's cards (docs/rules.md#evidence): a photo evidences one card only. */
  photosUsed: string[];
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
  signOffs: {},
  photosUsed: [],
});

export const activePlacement = (s: TrainingState): PlacementState | null =>
  Object.values(s.placements).find((p) => p.status === 'active') ?? null;
export const pendingPlacement = (s: TrainingState): PlacementState | null =>
  Object.values(s.placements).find((p) => p.status === 'pending') ?? null;
export const jobOfType = (s: TrainingState, type: JobType): JobState | null =>
  Object.values(s.jobs).find((j) => j.jobType === type) ?? null;

export function evolveTraining(state: TrainingState, event: TrainingEvent | AccountEvent): TrainingState {
  switch (event.type) {
    case 'StudentRegistered':
      return {
        ...state,
        studentId: event.data.accountId,
        registered: true,
        centreId: event.data.centreId,
        requirements: event.data.requirements,
      };
    case 'RequirementsSet':
      return {
        ...state,
        requirements: event.data.requirements,
        additionalRequirements: event.data.additionalRequirements,
        goalsSet: true,
      };
    case 'PlacementProposed': {
      const d = event.data;
      return {
        ...state,
        placements: {
          ...state.placements,
          [d.placementId]: {
            placementId: d.placementId,
            mentorId: d.mentorId,
            status: 'pending',
            notes: d.notes,
            acceptedAt: null,
          },
        },
      };
    }
    case 'PlacementAccepted':
    case 'PlacementDeclined':
    case 'PlacementEnded': {
      const p = state.placements[event.data.placementId];
      if (!p) return state;
      const status: PlacementStatus =
        event.type === 'PlacementAccepted'
          ? 'active'
          : event.type === 'PlacementDeclined'
            ? 'cancelled'
            : event.data.status;
      const notes = event.type === 'PlacementEnded' ? (event.data.notes ?? p.notes) : p.notes;
      // The store's envelope carries the time the mentor accepted (the earliest day a card may be dated, docs/rules.md#evidence).
      const acceptedAt =
        event.type === 'PlacementAccepted' ? ((event as { time?: string }).time ?? null) : p.acceptedAt;
      return {
        ...state,
        placements: { ...state.placements, [p.placementId]: { ...p, status, notes, acceptedAt } },
      };
    }
    case 'JobOpened': {
      const d = event.data;
      return {
        ...state,
        jobs: {
          ...state.jobs,
          [d.jobId]: {
            jobId: d.jobId,
            jobType: d.jobType,
            totalCount: d.totalCount,
            completedCount: 0,
            placementId: d.placementId,
            mentorId: d.mentorId,
            signatures: [],
          },
        },
      };
    }
    case 'JobReassigned': {
      const j = state.jobs[event.data.jobId];
      return j
        ? {
            ...state,
            jobs: {
              ...state.jobs,
              [j.jobId]: { ...j, placementId: event.data.placementId, mentorId: event.data.mentorId },
            },
          }
        : state;
    }
    case 'JobTotalAdjusted': {
      const j = state.jobs[event.data.jobId];
      return j ? { ...state, jobs: { ...state.jobs, [j.jobId]: { ...j, totalCount: event.data.totalCount } } } : state;
    }
    case 'JobCardSigned': {
      const d = event.data;
      const j = state.jobs[d.jobId];
      if (!j || !state.studentId) return state;
      const signatureId = signatureIdOf(d);
      const contentHash = d.contentHash ?? cardContentHash(d, j.jobType);
      return {
        ...state,
        jobs: {
          ...state.jobs,
          [j.jobId]: { ...j, completedCount: d.completedCount, signatures: [...j.signatures, d.signature] },
        },
        signOffs: {
          ...state.signOffs,
          [signatureId]: {
            signatureId,
            jobId: j.jobId,
            mentorId: d.mentorId,
            contentHash,
            status: 'awaiting_confirmation',
            outcome: null,
            // The store's envelope carries the time the sign-off was recorded (docs/rules.md#dispute-window).
            signedAt: d.signedAt ?? (event as { time?: string }).time ?? null,
          },
        },
        photosUsed: d.evidence ? [...state.photosUsed, ...d.evidence.photos.map((p) => p.photoId)] : state.photosUsed,
      };
    }
    case 'SignatureConfirmed':
    case 'SignatureDisputed':
    case 'DisputeResolved': {
      const s = state.signOffs[event.data.signatureId];
      if (!s) return state;
      const next: SignOffState =
        event.type === 'DisputeResolved'
          ? { ...s, outcome: event.data.outcome }
          : { ...s, status: event.type === 'SignatureConfirmed' ? 'confirmed' : 'disputed' };
      return { ...state, signOffs: { ...state.signOffs, [s.signatureId]: next } };
    }
    case 'SignatureRevoked': {
      const j = state.jobs[event.data.jobId];
      return j
        ? { ...state, jobs: { ...state.jobs, [j.jobId]: { ...j, completedCount: event.data.completedCount } } }
        : state;
    }
    default:
      return state;
  }
}
