import { z } from 'zod';
import { emailField, requiredText } from './accounts';
import { pageQuerySchema } from './paging';
import { defineRoutes } from './route-contract';
import { disputeView, traineeStatusSchema } from './signoff';
import { receiptSchema } from './receipt';
import { APPLIANCE_KINDS } from './evidence';

/**
 * Audit (replay, verify, evidence, access log; docs/rules.md#auditors, docs/rules.md#audit-calls, docs/api-audit.md). Every audit
 * read is recorded before it answers. Route contracts: see ./route-contract.
 */

export const AS_OF_ERROR = 'as_of must be an ISO-8601 date (YYYY-MM-DD) or date-time (e.g. 2026-03-03T12:00:00Z)';
/** `?as_of=`: the instant replayed (now when absent); the route parses and checks it (AS_OF_ERROR). */
export const asOfQuery = z.object({ as_of: z.string({ error: AS_OF_ERROR }).optional() });

export const SUBJECT_ROLES = ['student', 'mentor', 'training_centre'] as const;
export const subjectRoleSchema = z.enum(SUBJECT_ROLES);
export type SubjectRole = z.infer<typeof subjectRoleSchema>;
/** `?role=` of the subject search (empty = every role); paging and `q` as every list (./paging). */
export const subjectsQuery = z.object({
  role: z
    .union([z.literal(''), subjectRoleSchema], { error: 'role must be student, mentor or training_centre' })
    .optional(),
});

export const subject = z.strictObject({ id: z.string(), role: subjectRoleSchema, name: z.string(), email: z.string() });
export type Subject = z.infer<typeof subject>;
export const subjectsResponse = z.strictObject({ subjects: z.array(subject) });

/** Who did or signed something, as of that instant ('Unknown account' / 'System' when none). */
export const who = z.strictObject({
  id: z.string().nullable(),
  name: z.string(),
  email: z.string(),
  role: z.string().nullable(),
});
export type Who = z.infer<typeof who>;

const jobAsOfFields = {
  id: z.string(),
  student_id: z.string(),
  job_type: z.string(),
  total_count: z.number().int(),
  completed_count: z.number().int(),
  status: z.enum(['in_progress', 'completed']),
  mentor_id: z.string(),
  opened_at: z.string(),
};
export const jobAsOf = z.strictObject(jobAsOfFields);
export type JobAsOf = z.infer<typeof jobAsOf>;

/**
 * A card's evidence as the log holds it (docs/rules.md#evidence), each photo with its SHA-256 and
 * perceptual hash as signed; `possible_duplicate`: the photo looks like one already on another card.
 */
export const auditEvidence = z.strictObject({
  site_postcode: z.string(),
  appliance: z.strictObject({
    kind: z.enum(APPLIANCE_KINDS),
    make: z.string().nullable(),
    model: z.string().nullable(),
  }),
  work_done: z.string(),
  duration_minutes: z.number().int(),
  photos: z.array(
    z.strictObject({ photo_id: z.string(), sha256: z.string(), dhash: z.string(), possible_duplicate: z.boolean() }),
  ),
});

export const auditSignOff = z.strictObject({
  /** Which card of the job (1 = first signed). */
  card_number: z.number().int(),
  signed_at: z.string(),
  /** The device's clock when the sign-off was made (null when none was sent); see docs/rules.md#outbox. */
  captured_at: z.string().nullable(),
  position: z.number().int(),
  mentor_id: z.string(),
  signature: z.strictObject({
    signature: z.string(),
    mentorName: z.string(),
    date: z.string(),
    time: z.string(),
    timestamp: z.string(),
  }),
  completed_at: z.string(),
  /** Null for a card signed before evidence was required (`hash_version` 1). */
  evidence: auditEvidence.nullable(),
  hash_version: z.union([z.literal(1), z.literal(2)]),
  content_hash: z.string(),
  content_hash_source: z.enum(['recorded', 'computed_on_replay']),
  content_hash_matches: z.boolean().nullable(),
  event_hash: z.string().nullable(),
  signature_id: z.string(),
  trainee_status: traineeStatusSchema,
  trainee_status_label: z.string(),
  confirmed_at: z.string().nullable(),
  confirmation_hash_matches: z.boolean().nullable(),
  /** What the trainee wrote on confirming. */
  reflection: z.string().nullable(),
  dispute: disputeView.nullable(),
  revoked: z.boolean(),
  signer: who.extend({ gas_safe_number: z.string().nullable() }),
});
export type AuditSignOff = z.infer<typeof auditSignOff>;

/** `GET /api/audit/jobs/:jobId/signatures?as_of=`: a job's signatures replayed from the log. */
export const jobSignaturesResponse = z.strictObject({
  as_of: z.string(),
  job: jobAsOf.nullable(),
  existed: z.boolean(),
  student: who.nullable(),
  signatures: z.array(auditSignOff),
});
export type JobSignatures = z.infer<typeof jobSignaturesResponse>;

export const TIMELINE_ACTIONS = [
  'registered',
  'signed_up',
  'provisioned',
  'student_registered',
  'vetted',
  'unvetted',
  'locked',
  'unlocked',
  'placement_proposed',
  'placement_accepted',
  'placement_declined',
  'placement_ended',
  'signature_disputed',
  'dispute_resolved',
] as const;

export const timelineEntry = z.strictObject({
  at: z.string(),
  position: z.number().int(),
  action: z.enum(TIMELINE_ACTIONS),
  /** The account the entry is about (the subject itself, or a centre's student). */
  account_id: z.string(),
  actor_id: z.string().nullable(),
  reason: z.string().nullable(),
  placement_id: z.string().nullable(),
  student_id: z.string().nullable(),
  mentor_id: z.string().nullable(),
  /** placement_ended: completed or cancelled; dispute_resolved: upheld or rejected. */
  status: z.string().nullable(),
  actor: who,
  student_name: z.string().nullable(),
  mentor_name: z.string().nullable(),
});
export type TimelineEntry = z.infer<typeof timelineEntry>;

/** `GET /api/audit/accounts/:accountId/timeline?as_of=`: an account as of an instant; a student's jobs too. */
export const timelineResponse = z.strictObject({
  as_of: z.string(),
  account: z
    .strictObject({
      id: z.string(),
      role: z.string(),
      name: z.string(),
      email: z.string(),
      registered_at: z.string(),
      locked: z.boolean(),
      vetted: z.boolean(),
      gas_safe_number: z.string().nullable(),
    })
    .nullable(),
  existed: z.boolean(),
  timeline: z.array(timelineEntry),
  jobs: z.array(z.strictObject({ ...jobAsOfFields, signatures: z.number().int() })).optional(),
});
export type Timeline = z.infer<typeof timelineResponse>;

/** `GET /api/audit/verify`: the hash chain checked from the first event. */
export const verifyResponse = z.strictObject({
  ok: z.boolean(),
  events: z.number().int(),
  head_hash: z.string(),
  first_bad_position: z.number().int().nullable(),
  fault: z.enum(['altered', 'missing_or_reordered', 'unchained', 'not_in_checkpoint']).nullable(),
});
export type VerifyReport = z.infer<typeof verifyResponse>;

export const AUDIT_ACTIONS = [
  'job_signatures',
  'account_timeline',
  'verify_log',
  'evidence_pdf',
  'evidence_csv',
  'subject_search',
  'access_log',
  'student_criteria',
] as const;
/** One recorded audit read (the access log, admins only; paged, newest first). */
export const accessLogEntry = z.strictObject({
  id: z.string(),
  position: z.number().int(),
  at: z.string(),
  actor_id: z.string(),
  actor_role: z.string(),
  actor_name: z.string(),
  actor_email: z.string(),
  action: z.enum(AUDIT_ACTIONS),
  subject_type: z.enum(['job', 'account', 'student', 'log']).nullable(),
  subject_id: z.string().nullable(),
  as_of: z.string().nullable(),
  query: z.string().nullable(),
});
export type AccessLogEntry = z.infer<typeof accessLogEntry>;
export const accessLogResponse = z.array(accessLogEntry);

/** `POST /api/admin/auditors` (docs/rules.md#auditors): an auditor account with a temporary password. */
export const provisionAuditorRequest = z.object({
  email: emailField('Email is required'),
  first_name: requiredText('First name is required'),
  last_name: requiredText('Last name is required'),
});
export type ProvisionAuditorRequest = z.input<typeof provisionAuditorRequest>;
/** The temporary password is answered once (null on a retried request) and stored only as a hash. */
export const auditorProvisionedResponse = z.strictObject({
  message: z.string(),
  auditor: z.strictObject({
    id: z.string(),
    email: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    role: z.literal('auditor'),
  }),
  temporary_password: z.string().nullable(),
  position: z.number().int().min(0),
});
export type AuditorProvisioned = z.infer<typeof auditorProvisionedResponse>;

/** `GET /api/admin/auditors` (admins only): every auditor account, newest first by default. */
export const auditorListItem = z.strictObject({
  id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  name: z.string(),
  email: z.string(),
  created_at: z.string(),
  /** The last successful sign-in at the admin portal; null before the first. */
  last_sign_in_at: z.string().nullable(),
  /** False once revoked: no sign-in or token of theirs counts again. */
  active: z.boolean(),
  revoked_at: z.string().nullable(),
  /** The temporary password (first or re-issued) has not been replaced yet. */
  temporary_password_unused: z.boolean(),
});
export type AuditorListItem = z.infer<typeof auditorListItem>;
export const auditorsResponse = z.strictObject({ auditors: z.array(auditorListItem) });

/** `POST /api/admin/auditors/{id}/reissue`: a new temporary password, answered once; the auditor's old password ends. */
export const auditorReissuedResponse = z.strictObject({
  message: z.string(),
  id: z.string(),
  temporary_password: z.string().nullable(),
  position: z.number().int().min(0),
});
export type AuditorReissued = z.infer<typeof auditorReissuedResponse>;

/** `POST /api/admin/auditors/{id}/revoke`: the auditor's sessions end and later sign-ins are refused. */
export const auditorRevokedResponse = z.strictObject({
  message: z.string(),
  id: z.string(),
  active: z.literal(false),
  changed: z.boolean(),
  position: z.number().int().min(0),
});
export type AuditorRevokedAnswer = z.infer<typeof auditorRevokedResponse>;

/** A whole number of at least `min`, as a query string holds it (docs/rules.md#log-proofs). */
const countParam = (name: string, min: 0 | 1) =>
  z
    .string({ error: `${name} is required` })
    .regex(min ? /^[1-9][0-9]{0,15}$/ : /^(0|[1-9][0-9]{0,15})$/, `${name} must be a whole number of at least ${min}`)
    .transform(Number);

/** `GET /api/audit/proof/inclusion?position=N&tree_size=M` (public): the event at log position N is leaf N-1. */
export const inclusionProofQuery = z.object({
  position: countParam('position', 1),
  tree_size: countParam('tree_size', 1),
});
/** RFC 9162 inclusion proof; hashes in base64, leaf_hash = SHA-256(0x00 || the event's content hash). */
export const inclusionProofResponse = z.strictObject({
  leaf_index: z.number().int().min(0),
  tree_size: z.number().int().min(1),
  leaf_hash: z.string(),
  hashes: z.array(z.string()),
});
/** `GET /api/audit/proof/consistency?from=M1&to=M2` (public). */
export const consistencyProofQuery = z.object({ from: countParam('from', 0), to: countParam('to', 1) });
export const consistencyProofResponse = z.strictObject({ hashes: z.array(z.string()) });
export type InclusionProof = z.infer<typeof inclusionProofResponse>;
export type ConsistencyProof = z.infer<typeof consistencyProofResponse>;

export const auditRoutes = defineRoutes([
  { method: 'GET', path: '/api/audit/checkpoint', responses: { 200: { contentType: /^text\/plain/ } } },
  { method: 'GET', path: '/api/audit/log-key', responses: { 200: { contentType: /^text\/plain/ } } },
  /** The student's portable credential: a VC 2.0 as a compact JWS (docs/rules.md#portable-credential). */
  { method: 'GET', path: '/api/students/:id/credential', responses: { 200: { contentType: /^application\/vc\+jwt/ } } },
  {
    method: 'GET',
    path: '/api/audit/proof/inclusion',
    query: inclusionProofQuery,
    responses: { 200: inclusionProofResponse },
  },
  {
    method: 'GET',
    path: '/api/audit/proof/consistency',
    query: consistencyProofQuery,
    responses: { 200: consistencyProofResponse },
  },
  {
    method: 'GET',
    path: '/api/audit/sign-offs/:signatureId/receipt',
    responses: { 200: receiptSchema },
  },
  { method: 'GET', path: '/api/admin/auditors', query: pageQuerySchema, responses: { 200: auditorsResponse } },
  {
    method: 'POST',
    path: '/api/admin/auditors/:id/reissue',
    responses: { 200: auditorReissuedResponse },
  },
  {
    method: 'POST',
    path: '/api/admin/auditors/:id/revoke',
    responses: { 200: auditorRevokedResponse },
  },
  {
    method: 'POST',
    path: '/api/admin/auditors',
    body: provisionAuditorRequest,
    responses: { 201: auditorProvisionedResponse },
  },
  { method: 'GET', path: '/api/audit/subjects', query: subjectsQuery, responses: { 200: subjectsResponse } },
  {
    method: 'GET',
    path: '/api/audit/jobs/:jobId/signatures',
    query: asOfQuery,
    responses: { 200: jobSignaturesResponse },
  },
  {
    method: 'GET',
    path: '/api/audit/accounts/:accountId/timeline',
    query: asOfQuery,
    responses: { 200: timelineResponse },
  },
  { method: 'GET', path: '/api/audit/verify', responses: { 200: verifyResponse } },
  {
    method: 'GET',
    path: '/api/audit/students/:studentId/evidence.pdf',
    responses: { 200: { contentType: 'application/pdf' } },
  },
  {
    method: 'GET',
    path: '/api/audit/students/:studentId/evidence.csv',
    responses: { 200: { contentType: 'text/csv' } },
  },
  { method: 'GET', path: '/api/audit/access-log', responses: { 200: accessLogResponse } },
]);
