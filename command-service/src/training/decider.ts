import { PHOTO_UNUSED_HOURS } from '@panda/events/catalogue/photos';
import type { JobRequirements } from '@panda/events/catalogue/accounts';
import type { CardEvidence, Signature } from '@panda/events/catalogue/training';
import {
  GOAL_MAX,
  GOAL_RANGE_MESSAGE,
  JOB_TYPES,
  NO_GOALS_MESSAGE,
  REQUIREMENT_FIELDS,
  REQUIREMENT_KEY,
  type JobType,
} from '@panda/contracts/training';
import { DISPUTE_WINDOW_CLOSED, DISPUTE_WINDOW_DAYS } from '@panda/contracts/signoff';
import { evidencedContentHash } from '@panda/events/signature-hash';
import { MAX_PHOTOS, TOO_MANY_PHOTOS, ukDateOf } from '@panda/contracts/evidence';
import { coversJobType, categoriesDoNotCover, type Qualifications } from '@panda/events/domain/gas-safe-categories';
import { badRequest, conflict, forbidden, notFound } from '../shared/domain-errors';
import type { Decider } from '../shared/decider';
import {
  activePlacement,
  evolveTraining,
  initialTrainingState,
  jobOfType,
  type TrainingEvent,
  type TrainingState,
} from './state';
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
  | {
      type: 'SignJobCard';
      jobId: string;
      mentorId: string;
      signature: Signature;
      completedAt: string;
      /** A fresh id for the sign-off (docs/rules.md#trainee-countersign). */
      signatureId: string;
      /** The signing mentor's Gas Safe categories, from their profile (null: no profile saved). */
      qualifications: Qualifications | null;
      /** What the card evidences (docs/rules.md#evidence), photos by id in the card's order. */
      evidence: EvidenceInput;
      /** The write side's record of each photo the card names, by id (absent: no such photo). */
      photos: Record<string, UploadedPhoto>;
      /** The server's time of signing: the request's arrival, never typed. */
      signedAt: string;
      /** The device's claimed time (the request's timestamp), null when it sent none. */
      capturedAt: string | null;
    }
  /** docs/rules.md#trainee-countersign: the student whose card it is (`studentId` = the caller) confirms or disputes a sign-off, once. */
  | {
      type: 'ConfirmSignature';
      studentId: string;
      signatureId: string;
      /** The trainee's reflection on the work (docs/rules.md#evidence), null when none. */
      reflection?: string | null;
    }
  | {
      type: 'DisputeSignature';
      studentId: string;
      signatureId: string;
      reason: string;
      /** When the dispute is made (the command's time): a sign-off may be disputed for DISPUTE_WINDOW_DAYS. */
      at: string;
    }
  /** An admin resolves a dispute: upheld revokes the sign-off, rejected lets it stand. */
  | { type: 'ResolveDispute'; adminId: string; signatureId: string; outcome: 'upheld' | 'rejected'; reason: string };

/** The evidence fields of a sign-off as the API received them (docs/rules.md#evidence). */
export interface EvidenceInput {
  sitePostcode: string;
  appliance: CardEvidence['appliance'];
  workDone: string;
  durationMinutes: number;
  photoIds: string[];
}

/** An uploaded photo as the write side knows it: who uploaded it and which sign-off (if any) uses it. */
export interface UploadedPhoto {
  photoId: string;
  mentorId: string;
  sha256: string;
  dhash: string;
  /** The sign-off that already uses it, null while unused. */
  usedBy: string | null;
  /** When it was uploaded: unused for PHOTO_UNUSED_HOURS, it is no longer taken (docs/rules.md#unused-photos). */
  uploadedAt: string;
}

export const FUTURE_WORK_DATE = 'The work date cannot be in the future';
export const beforePlacementMessage = (day: string) => `The work date cannot be before the placement began (${day})`;
export const PHOTO_NOT_FOUND = 'Photo not found: please upload it again';
export const PHOTO_USED = 'This photo is already on another job card';
export const PHOTO_TWICE = 'Each photo can be added once';

/** The evidence rules of a sign-off (docs/rules.md#evidence); throws a 400 naming the field. */
function checkEvidence(
  command: Extract<TrainingCommand, { type: 'SignJobCard' }>,
  state: TrainingState,
  acceptedAt: string | null,
) {
  const today = ukDateOf(command.signedAt);
  const date = command.signature.date;
  if (date > today) throw badRequest([{ field: 'mentor_signature.date', message: FUTURE_WORK_DATE }]);
  const firstDay = acceptedAt ? ukDateOf(acceptedAt) : null;
  if (firstDay && date < firstDay)
    throw badRequest([{ field: 'mentor_signature.date', message: beforePlacementMessage(firstDay) }]);
  const ids = command.evidence.photoIds;
  if (ids.length > MAX_PHOTOS) throw badRequest([{ field: 'photo_ids', message: TOO_MANY_PHOTOS }]);
  if (new Set(ids).size !== ids.length) throw badRequest([{ field: 'photo_ids', message: PHOTO_TWICE }]);
  for (const id of ids) {
    const photo = command.photos[id];
    // Another mentor's photo is refused as if it did not exist (docs/rules.md#server-side-access).
    if (!photo || photo.mentorId !== command.mentorId)
      throw badRequest([{ field: 'photo_ids', message: PHOTO_NOT_FOUND }]);
    if (photo.usedBy || state.photosUsed.includes(id)) throw badRequest([{ field: 'photo_ids', message: PHOTO_USED }]);
    // An unused photo expires with its day, whether or not the sweep has removed it yet.
    if (Date.parse(command.signedAt) - Date.parse(photo.uploadedAt) >= PHOTO_UNUSED_HOURS * 3_600_000)
      throw badRequest([{ field: 'photo_ids', message: PHOTO_NOT_FOUND }]);
  }
}

export const JOB_COMPLETE_MESSAGE = 'This job is already complete';
/** docs/rules.md#training-goals (its text word for word): a requirement never goes below the cards already signed for its job type. */
export const belowSignedMessage = (signed: number) => `Cannot be lower than the ${signed} job cards already signed`;
export const SIGN_OFF_NOT_FOUND = 'Sign-off not found';
export const ALREADY_CONFIRMED = 'You have already confirmed this sign-off';
export const ALREADY_DISPUTED = 'You have already disputed this sign-off';
export const DISPUTE_REASON_MESSAGE = 'Please give a reason for the dispute';
// How long after a sign-off its trainee may dispute it here, defined once for the server and the web app (docs/rules.md#dispute-window).
export { DISPUTE_WINDOW_CLOSED, DISPUTE_WINDOW_DAYS } from '@panda/contracts/signoff';
export const RESOLUTION_REASON_MESSAGE = 'Please give a reason for the decision';
export const NOT_DISPUTED = 'This sign-off is not disputed';
export const ALREADY_RESOLVED = 'This dispute has already been resolved';
const DAY_MS = 86_400_000;
/** Cards signed for a job type, over every job of that type the student has had. */
const signedOfType = (state: TrainingState, jobType: JobType) =>
  Object.values(state.jobs).reduce((n, j) => (j.jobType === jobType ? n + j.completedCount : n), 0);

function checkFloor(r: JobRequirements, state: TrainingState) {
  // The field of PUT /api/students/job-requirements each requirement comes from, so a form can show the message under it.
  const low = JOB_TYPES.map((t) => ({ t, signed: signedOfType(state, t) })).filter(
    ({ t, signed }) => r[REQUIREMENT_KEY[t]] < signed,
  );
  if (low.length)
    throw badRequest(
      low.map(({ t, signed }) => ({ field: REQUIREMENT_FIELDS[t], message: belowSignedMessage(signed) })),
    );
}

function checkGoals(r: JobRequirements) {
  const bad = JOB_TYPES.map((t) => REQUIREMENT_KEY[t]).filter(
    (k) => !Number.isInteger(r[k]) || r[k] < 0 || r[k] > GOAL_MAX,
  );
  if (bad.length) throw badRequest(bad.map((field) => ({ field, message: GOAL_RANGE_MESSAGE })));
  if (JOB_TYPES.every((t) => r[REQUIREMENT_KEY[t]] === 0))
    throw badRequest([{ field: 'requirements', message: NO_GOALS_MESSAGE }]);
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
      const placedWith = placement
        ? {
            placedWith: {
              placementId: placement.placementId,
              mentorId: placement.mentorId,
              previousRequirements: state.requirements,
            },
          }
        : {};
      const events: TrainingEvent[] = [
        {
          type: 'RequirementsSet',
          data: { studentId, requirements, additionalRequirements: command.additionalRequirements, ...placedWith },
        },
      ];
      JOB_TYPES.forEach((jobType, i) => {
        const required = requirements[REQUIREMENT_KEY[jobType]];
        const job = jobOfType(state, jobType);
        if (job) {
          // The total follows the requirement (never below the cards signed: checkFloor refused that).
          const totalCount = Math.max(required, job.completedCount);
          if (totalCount !== job.totalCount)
            events.push({ type: 'JobTotalAdjusted', data: { jobId: job.jobId, studentId, totalCount } });
        } else if (placement && required > 0) {
          // A newly required job type while placed gets its job card book with the current mentor.
          const jobId = command.newJobIds[i];
          if (!jobId) throw new Error('No id for a new job');
          events.push({
            type: 'JobOpened',
            data: {
              jobId,
              studentId,
              placementId: placement.placementId,
              mentorId: placement.mentorId,
              jobType,
              totalCount: required,
            },
          });
        }
      });
      return events;
    }
    case 'SignJobCard': {
      const job = state.jobs[command.jobId];
      const placement = activePlacement(state);
      // Only the student's active mentor may sign; anyone else learns nothing about the job (docs/rules.md#server-side-access).
      if (!job || !placement || placement.mentorId !== command.mentorId) throw notFound('Job not found');
      // docs/rules.md#gas-safe-categories: only within the mentor's Gas Safe categories; nothing is recorded otherwise.
      if (!coversJobType(command.qualifications, job.jobType)) throw forbidden(categoriesDoNotCover(job.jobType));
      if (job.completedCount >= job.totalCount) throw conflict(JOB_COMPLETE_MESSAGE);
      checkEvidence(command, state, placement.acceptedAt);
      const completedCount = job.completedCount + 1;
      const { photoIds, ...fields } = command.evidence;
      const evidence: CardEvidence = {
        ...fields,
        photos: photoIds.map((id) => {
          const p = command.photos[id]!;
          return { photoId: p.photoId, sha256: p.sha256, dhash: p.dhash };
        }),
      };
      const contentHash = evidencedContentHash({
        studentId,
        jobType: job.jobType,
        count: completedCount,
        completedAt: command.completedAt,
        mentorId: command.mentorId,
        signature: command.signature,
        evidence,
        signedAt: command.signedAt,
        capturedAt: command.capturedAt,
      });
      return [
        {
          type: 'JobCardSigned',
          data: {
            jobId: job.jobId,
            studentId,
            mentorId: command.mentorId,
            signature: command.signature,
            completedAt: command.completedAt,
            completedCount,
            contentHash,
            signatureId: command.signatureId,
            evidence,
            signedAt: command.signedAt,
            capturedAt: command.capturedAt,
            hashVersion: 2,
          },
        },
      ];
    }
    case 'ConfirmSignature':
    case 'DisputeSignature': {
      const signOff = state.signOffs[command.signatureId];
      // Only the student whose card it is; anyone else learns nothing about it (docs/rules.md#server-side-access).
      if (!signOff || command.studentId !== studentId) throw notFound(SIGN_OFF_NOT_FOUND);
      if (signOff.status === 'confirmed') throw conflict(ALREADY_CONFIRMED);
      if (signOff.status === 'disputed') throw conflict(ALREADY_DISPUTED);
      const ref = {
        signatureId: signOff.signatureId,
        jobId: signOff.jobId,
        studentId,
        mentorId: signOff.mentorId,
        contentHash: signOff.contentHash,
      };
      if (command.type === 'ConfirmSignature')
        return [
          { type: 'SignatureConfirmed', data: command.reflection ? { ...ref, reflection: command.reflection } : ref },
        ];
      const reason = command.reason.trim();
      if (!reason) throw badRequest([{ field: 'reason', message: DISPUTE_REASON_MESSAGE }]);
      if (signOff.signedAt && Date.parse(command.at) - Date.parse(signOff.signedAt) > DISPUTE_WINDOW_DAYS * DAY_MS)
        throw badRequest(DISPUTE_WINDOW_CLOSED);
      return [{ type: 'SignatureDisputed', data: { ...ref, reason, centreId: state.centreId } }];
    }
    case 'ResolveDispute': {
      const signOff = state.signOffs[command.signatureId];
      if (!signOff) throw notFound(SIGN_OFF_NOT_FOUND);
      if (signOff.status !== 'disputed') throw conflict(NOT_DISPUTED);
      if (signOff.outcome) throw conflict(ALREADY_RESOLVED);
      const reason = command.reason.trim();
      if (!reason) throw badRequest([{ field: 'reason', message: RESOLUTION_REASON_MESSAGE }]);
      const ref = { signatureId: signOff.signatureId, jobId: signOff.jobId, studentId, mentorId: signOff.mentorId };
      const resolved: TrainingEvent = {
        type: 'DisputeResolved',
        data: { ...ref, outcome: command.outcome, reason, adminId: command.adminId },
      };
      if (command.outcome === 'rejected') return [resolved];
      const job = state.jobs[signOff.jobId];
      return [
        resolved,
        {
          type: 'SignatureRevoked',
          data: { ...ref, reason, completedCount: Math.max(0, (job?.completedCount ?? 1) - 1) },
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
