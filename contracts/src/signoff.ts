import { z } from 'zod';
import { multiLineText } from './fields';
import { pageQuerySchema } from './paging';
import { defineRoutes } from './route-contract';
import { reflectionField } from './evidence';

/**
 * Sign-off that stands up to scrutiny (docs/rules.md#gas-safe-categories, docs/rules.md#trainee-countersign, docs/rules.md#reminders): the trainee's countersign or
 * dispute of a job-card sign-off, and the admin's Disputes list. Requests are validated with these
 * at the edge; integration tests and the web app read answers with them.
 */

export const traineeStatusSchema = z.enum(TRAINEE_STATUSES);
export type TraineeStatus = z.infer<typeof traineeStatusSchema>;
export { TRAINEE_STATUSES, TRAINEE_STATUS_LABELS } from './signoff-messages';
import { TRAINEE_STATUSES } from './signoff-messages';

export { DISPUTE_REASON_REQUIRED, DISPUTE_WINDOW_CLOSED, DISPUTE_WINDOW_DAYS, disputeUntil } from './signoff-messages';
import { DISPUTE_REASON_REQUIRED } from './signoff-messages';
export const RESOLUTION_REASON_REQUIRED = 'Please give a reason for the decision';
export const OUTCOME_REQUIRED = 'Please choose an outcome';

/** `POST /api/signatures/{signatureId}/confirm`: the trainee may add a reflection (docs/rules.md#evidence). */
export const confirmRequest = z.object({ reflection: reflectionField });
export type ConfirmRequest = z.input<typeof confirmRequest>;

/** `POST /api/signatures/{signatureId}/dispute` */
export const disputeRequest = z.object({
  reason: multiLineText(DISPUTE_REASON_REQUIRED)
    .trim()
    .min(1, DISPUTE_REASON_REQUIRED)
    .max(2000, 'Must be at most 2000 characters'),
});
export type DisputeRequest = z.infer<typeof disputeRequest>;

export const DISPUTE_OUTCOMES = ['upheld', 'rejected'] as const;
/** `POST /api/admin/disputes/{signatureId}/resolve` */
export const resolveDisputeRequest = z.object({
  outcome: z.enum(DISPUTE_OUTCOMES, { error: OUTCOME_REQUIRED }),
  reason: multiLineText(RESOLUTION_REASON_REQUIRED)
    .trim()
    .min(1, RESOLUTION_REASON_REQUIRED)
    .max(2000, 'Must be at most 2000 characters'),
});
export type ResolveDisputeRequest = z.infer<typeof resolveDisputeRequest>;

export const disputeView = z.object({
  reason: z.string(),
  disputed_at: z.string(),
  outcome: z.enum(DISPUTE_OUTCOMES).nullable(),
  resolution_reason: z.string().nullable(),
  resolved_at: z.string().nullable(),
});
export type DisputeView = z.infer<typeof disputeView>;

/** Answer of confirm, dispute and resolve. */
export const signOffActionResponse = z.object({
  signature_id: z.string(),
  trainee_status: traineeStatusSchema,
  trainee_status_label: z.string(),
  revoked: z.boolean(),
  message: z.string(),
  position: z.number().int(),
});
export type SignOffActionResponse = z.infer<typeof signOffActionResponse>;

const signatureFields = z.object({
  signature: z.string(),
  mentorName: z.string(),
  date: z.string(),
  time: z.string(),
  timestamp: z.string(),
});

/** One sign-off as `GET /api/signatures/{id}` and the admin Disputes list answer it. */
export const signOffView = z.object({
  signature_id: z.string(),
  job_id: z.string(),
  job_type: z.string().nullable(),
  student_id: z.string(),
  student_name: z.string(),
  mentor_id: z.string(),
  mentor_name: z.string(),
  centre_id: z.string().nullable(),
  centre_name: z.string().nullable(),
  signature: signatureFields,
  completed_at: z.string(),
  signed_at: z.string(),
  content_hash: z.string().nullable(),
  trainee_status: traineeStatusSchema,
  trainee_status_label: z.string(),
  confirmed_at: z.string().nullable(),
  dispute: disputeView.nullable(),
  revoked: z.boolean(),
});
export type SignOffView = z.infer<typeof signOffView>;

/**
 * `GET /api/admin/disputes?status=open|resolved|all&limit=&cursor=&sort=` (docs/rules.md#list-paging paging: keyset
 * cursors from `Link rel="next"`, X-Total-Count). Sort `disputed` (when the trainee disputed): open
 * ones oldest first by default (the longest waiting on top), resolved and all newest first.
 */
export const disputesQuery = pageQuerySchema.extend({
  status: z.enum(['open', 'resolved', 'all'], { error: "status must be 'open', 'resolved' or 'all'" }).default('open'),
});
/** A Disputes list item: the sign-off, and when it was disputed and whether the dispute is still open. */
export const disputeListItem = signOffView.extend({
  /** The sign-off's id (as `signature_id`). */
  id: z.string(),
  /** Disputed and not yet resolved. */
  open_dispute: z.boolean(),
  disputed_at: z.string().nullable(),
});
export type DisputeListItem = z.infer<typeof disputeListItem>;
export const disputesResponse = z.array(disputeListItem);

/**
 * What a sign-off evidences, as the views show it (docs/rules.md#evidence). Each photo's
 * `possible_duplicate` is said to the centre, admins and auditors only (null for anyone else).
 */
export const cardEvidenceView = z.object({
  site_postcode: z.string(),
  appliance: z.object({ kind: z.string(), make: z.string().nullable(), model: z.string().nullable() }),
  work_done: z.string(),
  duration_minutes: z.number().int(),
  photos: z.array(z.object({ photo_id: z.string(), possible_duplicate: z.boolean().nullable() })),
});
export type CardEvidenceView = z.infer<typeof cardEvidenceView>;

/** A job's sign-off history entry (`signatures` of GET /api/jobs and /api/jobs/{id}). */
export const jobSignatureEntry = signatureFields.extend({
  signature_id: z.string(),
  mentor_id: z.string(),
  completed_at: z.string(),
  content_hash: z.string().nullable(),
  trainee_status: traineeStatusSchema,
  trainee_status_label: z.string(),
  confirmed_at: z.string().nullable(),
  dispute: disputeView.nullable(),
  revoked: z.boolean(),
  /** The last moment the trainee may dispute it: 30 days after the server recorded it (docs/rules.md#dispute-window). */
  dispute_until: z.string(),
  /** docs/rules.md#evidence: the server's time of signing, and the device's claimed time (null when none was sent). */
  signed_at: z.string(),
  captured_at: z.string().nullable(),
  /** What the card evidences; null on cards signed before evidence was required (see `evidence_note`). */
  evidence: cardEvidenceView.nullable(),
  /** 'Signed before evidence was required' on such cards, else null. */
  evidence_note: z.string().nullable(),
  /** The trainee's reflection, added when confirming. */
  reflection: z.string().nullable(),
});
export type JobSignatureEntry = z.infer<typeof jobSignatureEntry>;

/** What the mentor's job list says about signing (docs/rules.md#gas-safe-categories): whether their Gas Safe categories cover the job type. */
export const signingPermission = z.object({ may_sign: z.boolean(), sign_refusal: z.string().nullable() });

/** The HTTP routes of sign-off (docs/rules.md#gas-safe-categories, docs/rules.md#trainee-countersign, docs/rules.md#reminders). Route contracts: see ./route-contract. */
export const signoffRoutes = defineRoutes([
  {
    method: 'POST',
    path: '/api/signatures/:signatureId/confirm',
    body: confirmRequest,
    responses: { 200: signOffActionResponse },
  },
  {
    method: 'POST',
    path: '/api/signatures/:signatureId/dispute',
    body: disputeRequest,
    responses: { 200: signOffActionResponse },
  },
  {
    method: 'POST',
    path: '/api/admin/disputes/:signatureId/resolve',
    body: resolveDisputeRequest,
    responses: { 200: signOffActionResponse },
  },
  { method: 'GET', path: '/api/signatures/:signatureId', responses: { 200: signOffView } },
  { method: 'GET', path: '/api/admin/disputes', query: disputesQuery, responses: { 200: disputesResponse } },
]);
