import { z } from 'zod';
import { defineEvent } from '../define';
import { jobTypeSchema } from '@panda/contracts/training';
import { APPLIANCE_KINDS } from '@panda/contracts/evidence';
import { jobRequirementsSchema } from './accounts';

/**
 * A student's training lives in their account stream `account-<studentId>` (see accounts.ts):
 * requirements, placements and job cards change together, so one stream keeps their invariants
 * (never two active placements, never signing past a job's total) in one consistent place.
 */

/** The job-type catalogue and its requirement keys are defined once, in the contracts the web app shares. */
export { JOB_TYPES, REQUIREMENT_KEY, jobTypeSchema, type JobType } from '@panda/contracts/training';

/** The student set (or changed) their training goals. */
export const RequirementsSet = defineEvent(
  'RequirementsSet',
  z.object({
    studentId: z.string(),
    requirements: jobRequirementsSchema,
    additionalRequirements: z.string().nullable(),
    /**
     * Present only while the student is placed: the active placement, its mentor and the goals
     * before this change, so the notifications reactor tells mentor and centre (docs/rules.md#training-goals).
     */
    placedWith: z
      .object({ placementId: z.string(), mentorId: z.string(), previousRequirements: jobRequirementsSchema })
      .optional(),
  }),
);

export const placementStatusSchema = z.enum(['pending', 'active', 'completed', 'cancelled']);
export type PlacementStatus = z.infer<typeof placementStatusSchema>;

/** An admin proposed placing the student with a mentor; the mentor must accept. */
export const PlacementProposed = defineEvent(
  'PlacementProposed',
  z.object({
    placementId: z.string(),
    studentId: z.string(),
    mentorId: z.string(),
    centreId: z.string().nullable(),
    notes: z.string().nullable(),
    /** Why the mentor was suggested (distance, capacity, qualifications), as shown to the admin. */
    reasons: z.array(z.string()),
  }),
);
export const PlacementAccepted = defineEvent(
  'PlacementAccepted',
  z.object({ placementId: z.string(), studentId: z.string(), mentorId: z.string() }),
);
export const PlacementDeclined = defineEvent(
  'PlacementDeclined',
  z.object({ placementId: z.string(), studentId: z.string(), mentorId: z.string(), reason: z.string() }),
);
/** An admin ended a placement (pending or active). */
export const PlacementEnded = defineEvent(
  'PlacementEnded',
  z.object({
    placementId: z.string(),
    studentId: z.string(),
    mentorId: z.string(),
    status: z.enum(['completed', 'cancelled']),
    notes: z.string().nullable(),
  }),
);

/** A job card book for one job type, opened when a placement becomes active. */
export const JobOpened = defineEvent(
  'JobOpened',
  z.object({
    jobId: z.string(),
    studentId: z.string(),
    placementId: z.string(),
    mentorId: z.string(),
    jobType: jobTypeSchema,
    totalCount: z.number().int().min(1),
  }),
);
/** An existing job (from an earlier placement) moves to the mentor of a new active placement; its signed cards stay. */
export const JobReassigned = defineEvent(
  'JobReassigned',
  z.object({ jobId: z.string(), studentId: z.string(), placementId: z.string(), mentorId: z.string() }),
);
/** Requirements changed: the job's total follows, never below the cards already signed. */
export const JobTotalAdjusted = defineEvent(
  'JobTotalAdjusted',
  z.object({ jobId: z.string(), studentId: z.string(), totalCount: z.number().int().min(0) }),
);

export const signatureSchema = z.object({
  /** The typed name that counts as the digital signature. */
  signature: z.string(),
  mentorName: z.string(),
  date: z.string(),
  time: z.string(),
  timestamp: z.string(),
});
export type Signature = z.infer<typeof signatureSchema>;

/**
 * What a sign-off evidences (docs/rules.md#evidence). Photos are kept in the blob store, never in
 * events: the event holds each photo's id, SHA-256 (hex) and perceptual hash (dHash, hex).
 */
export const cardEvidenceSchema = z.object({
  sitePostcode: z.string(),
  appliance: z.object({ kind: z.enum(APPLIANCE_KINDS), make: z.string().nullable(), model: z.string().nullable() }),
  workDone: z.string(),
  durationMinutes: z.number().int(),
  photos: z.array(z.object({ photoId: z.string(), sha256: z.string().regex(/^[0-9a-f]{64}$/), dhash: z.string() })),
});
export type CardEvidence = z.infer<typeof cardEvidenceSchema>;

/** A mentor signed ONE job card (docs/rules.md#one-card-per-sign-off). */
export const JobCardSigned = defineEvent(
  'JobCardSigned',
  z.object({
    jobId: z.string(),
    studentId: z.string(),
    mentorId: z.string(),
    signature: signatureSchema,
    completedAt: z.string(),
    /** Cards signed on this job after this one. */
    completedCount: z.number().int().min(1),
    /** SHA-256 of the canonical card content signed (signature-hash.ts); absent on sign-offs recorded before it existed. */
    contentHash: z
      .string()
      .regex(/^[0-9a-f]{64}$/)
      .optional(),
    /** The sign-off's id (docs/rules.md#trainee-countersign); absent on sign-offs recorded before it existed (see signatureIdOf). */
    signatureId: z.string().optional(),
    /** The evidence (docs/rules.md#evidence); absent on cards signed before evidence was required. */
    evidence: cardEvidenceSchema.optional(),
    /** The server's time of signing (the request's arrival); as-of replay uses it when present. */
    signedAt: z.string().optional(),
    /** The device's claimed time of the sign-off (the request's timestamp), kept as it was sent. */
    capturedAt: z.string().nullable().optional(),
    /** Which content-hash scheme `contentHash` follows (signature-hash.ts); absent means 1. */
    hashVersion: z.literal(2).optional(),
  }),
);

/** A sign-off's id: the recorded one, or for a sign-off recorded before ids existed, one made from its job and card number. */
export const signatureIdOf = (d: { signatureId?: string; jobId: string; completedCount: number }) =>
  d.signatureId ?? `${d.jobId}-card-${d.completedCount}`;

const hashSchema = z.string().regex(/^[0-9a-f]{64}$/);
const signOffRef = { signatureId: z.string(), jobId: z.string(), studentId: z.string(), mentorId: z.string() };

/** The student confirmed a sign-off (docs/rules.md#trainee-countersign), bound to the content hash the mentor signed. */
export const SignatureConfirmed = defineEvent(
  'SignatureConfirmed',
  z.object({ ...signOffRef, contentHash: hashSchema, reflection: z.string().nullable().optional() }),
);
/** The student disputed a sign-off, with a reason; it counts until an admin upholds the dispute. */
export const SignatureDisputed = defineEvent(
  'SignatureDisputed',
  z.object({ ...signOffRef, contentHash: hashSchema, reason: z.string().min(1), centreId: z.string().nullable() }),
);
/** An admin resolved a dispute: upheld (a SignatureRevoked follows) or rejected (the sign-off stands), with a reason. */
export const DisputeResolved = defineEvent(
  'DisputeResolved',
  z.object({ ...signOffRef, outcome: z.enum(['upheld', 'rejected']), reason: z.string().min(1), adminId: z.string() }),
);
/** A sign-off no longer counts (its dispute was upheld): the job's count goes down to `completedCount`. Nothing is deleted. */
export const SignatureRevoked = defineEvent(
  'SignatureRevoked',
  z.object({ ...signOffRef, reason: z.string(), completedCount: z.number().int().min(0) }),
);

export const trainingEvents = [
  RequirementsSet,
  PlacementProposed,
  PlacementAccepted,
  PlacementDeclined,
  PlacementEnded,
  JobOpened,
  JobReassigned,
  JobTotalAdjusted,
  JobCardSigned,
  SignatureConfirmed,
  SignatureDisputed,
  DisputeResolved,
  SignatureRevoked,
] as const;
