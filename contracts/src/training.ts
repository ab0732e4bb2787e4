import { z } from 'zod';
import {
  emailField,
  isCalendarDate,
  isIsoDateTime,
  multiLineText,
  optionalText,
  postcodeField,
  requiredText,
  singleLineText,
} from './fields';
import { phoneField } from './uk-phone';
import { pageQuerySchema } from './paging';
import { commandResultSchema, defineRoutes } from './route-contract';
import { jobSignatureEntry } from './signoff';
import { evidenceRequestFields } from './evidence';

/**
 * Training (requirements, jobs, job cards, the centre's students, the dashboard overview): the
 * job-type catalogue, the requirement mapping and the progress maths (defined here once, for the
 * events, the services and the web app), then the request and response bodies. Route contracts:
 * see ./route-contract.
 */

export {
  JOB_TYPES,
  JOB_TYPE_CATALOGUE,
  JOB_TYPE_CARD_TITLES,
  REQUIREMENT_KEYS,
  REQUIREMENT_FIELDS,
  REQUIREMENT_KEY,
  jobTypeName,
  requirementName,
  perJobType,
  percentOf,
  isComplete,
  jobPercent,
  jobRemaining,
  openDisputeCount,
  compareJobTypes,
  type JobType,
  type RequirementKey,
  type RequirementField,
  type RequirementEventKey,
} from './job-types';
import { JOB_TYPES, REQUIREMENT_FIELDS } from './job-types';
export const jobTypeSchema = z.enum(JOB_TYPES);

// ---------------------------------------------------------------------------------------------
// Requests

export const GOAL_MAX = 100;
export const GOAL_RANGE_MESSAGE = 'Must be between 1 and 100';
export const NO_GOALS_MESSAGE = 'Please specify at least one job requirement';

const registrationCount = (label: string, fallback: number) =>
  z
    .number({ error: `${label} must be a number from 0 to 50` })
    .int(`${label} must be a whole number`)
    .min(0, `${label} must be from 0 to 50`)
    .max(50, `${label} must be from 0 to 50`)
    .optional()
    .default(fallback);

/** The student registration payload (spec §3), from a training centre or, for an independent student (docs/rules.md#independent-students), an admin. */
export const studentRegistrationRequest = z.object({
  First_Name: requiredText('First name is required'),
  Last_Name: requiredText('Last name is required'),
  Email: emailField('Email is required'),
  Phone_Number: phoneField('Phone number is required'),
  Postcode: postcodeField('Postcode is required'),
  Date_Of_Birth: singleLineText()
    .trim()
    .refine((v) => v === '' || isCalendarDate(v), 'Date of birth must be a date (YYYY-MM-DD)')
    .nullish()
    .transform((v) => v || null),
  Boiler_Installs: registrationCount('Boiler Installs', 10),
  Boiler_Service: registrationCount('Boiler Service', 4),
  Pipework: registrationCount('Pipework', 8),
  Repair: registrationCount('Repair', 5),
});
export type StudentRegistrationRequest = z.input<typeof studentRegistrationRequest>;

/** One goal count: empty means not required (0); an entered count must be 1 to 100, digits only. */
const goal = z
  .union([z.number(), z.string().trim().regex(/^\d*$/, GOAL_RANGE_MESSAGE), z.null()], { error: GOAL_RANGE_MESSAGE })
  .optional()
  .transform((v) => (v === undefined || v === null || v === '' ? 0 : Number(v)))
  .pipe(z.number().int(GOAL_RANGE_MESSAGE).min(0, GOAL_RANGE_MESSAGE).max(GOAL_MAX, GOAL_RANGE_MESSAGE));

/** The goals payload (spec §3 "Job requirements payload"; PUT /api/students/job-requirements). */
export const jobRequirementsRequest = z
  .object({
    boiler_installs_required: goal,
    boiler_service_required: goal,
    pipework_required: goal,
    repair_required: goal,
    additional_requirements: multiLineText('Additional requirements must be text')
      .trim()
      .max(2000, 'Additional requirements must be at most 2000 characters')
      .nullish()
      .transform((v) => v || null),
  })
  .refine((v) => JOB_TYPES.some((t) => v[REQUIREMENT_FIELDS[t]] > 0), {
    path: ['requirements'],
    message: NO_GOALS_MESSAGE,
  });
export type JobRequirementsRequest = z.input<typeof jobRequirementsRequest>;

const SIGNATURE_FIELDS = 'Please fill in all signature fields';
const signed = singleLineText(SIGNATURE_FIELDS)
  .trim()
  .min(1, SIGNATURE_FIELDS)
  .max(200, 'Must be at most 200 characters');
const dateText = optionalText(10).refine(
  (v) => v === null || isCalendarDate(v),
  'Please enter a valid date (YYYY-MM-DD)',
);
const timeText = optionalText(8).refine(
  (v) => v === null || /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/.test(v),
  'Please enter a valid time (HH:MM)',
);
const isoText = optionalText(40).refine((v) => v === null || isIsoDateTime(v), 'Please enter a valid date and time');

/** Mark Complete (spec §7): the typed signature of the mentor for ONE job card (docs/rules.md#one-card-per-sign-off). */
export const completeJobRequest = z.object({
  mentor_signature: z.object(
    { signature: signed, mentorName: signed, date: dateText, time: timeText, timestamp: isoText },
    { error: SIGNATURE_FIELDS },
  ),
  completed_at: isoText,
  // What the card evidences (docs/rules.md#evidence).
  ...evidenceRequestFields,
});
export type CompleteJobRequest = z.input<typeof completeJobRequest>;

/** GET /api/jobs: paging (docs/rules.md#list-paging) and `student_id` to narrow to one student. */
export const jobsQuery = pageQuerySchema.extend({
  student_id: z.string({ error: 'student_id must be a single value' }).trim().max(100).optional(),
});

// ---------------------------------------------------------------------------------------------
// Responses

/** Required cards per job type (spec §3 "Job requirements ... Response: requirements"). */
export const requirementCounts = z.strictObject({
  Boiler_Installs: z.number().int(),
  Boiler_Service: z.number().int(),
  Pipework: z.number().int(),
  Repair: z.number().int(),
});
export type RequirementCounts = z.infer<typeof requirementCounts>;

/** Spec §3 "Mentor signature". */
export const mentorSignature = z.strictObject({
  signature: z.string(),
  mentorName: z.string(),
  date: z.string(),
  time: z.string(),
  timestamp: z.string(),
});
export type MentorSignature = z.infer<typeof mentorSignature>;

/** A job (spec §3 "Job") with the student's contact details and every signed card, oldest first (docs/rules.md#one-card-per-sign-off). */
export const jobSchema = z.strictObject({
  id: z.string(),
  Student_ID: z.string(),
  Student_Name: z.string(),
  student_email: z.string(),
  student_phone: z.string().nullable(),
  student_postcode: z.string().nullable(),
  centre_id: z.string().nullable(),
  /** The student's active mentor (null when the student is not placed). */
  mentor_id: z.string().nullable(),
  placement_id: z.string(),
  Job_Type: jobTypeSchema,
  Total_Count: z.number().int(),
  Completed_Count: z.number().int(),
  /** Counted sign-offs disputed and not yet decided: the job shows 'Disputed', not complete (docs/rules.md#dispute-visibility). */
  Disputed_Count: z.number().int(),
  completed_at: z.string().nullable(),
  mentor_signature: mentorSignature.nullable(),
  signatures: z.array(jobSignatureEntry),
  status: z.enum(['in_progress', 'completed']),
  percent: z.number(),
  remaining: z.number().int(),
  is_complete: z.boolean(),
  opened_at: z.string(),
  /** Mentors only (docs/rules.md#gas-safe-categories): whether their Gas Safe categories cover this job type, and why not. */
  may_sign: z.boolean().optional(),
  sign_refusal: z.string().nullable().optional(),
});
export type Job = z.infer<typeof jobSchema>;
export type SignedCard = z.infer<typeof jobSignatureEntry>;

export const jobDetailResponse = z.strictObject({
  job: jobSchema,
  student: z.strictObject({
    id: z.string(),
    Name: z.string(),
    Email: z.string(),
    Phone_Number: z.string().nullable(),
    Postcode: z.string().nullable(),
  }),
  signatures: z.array(jobSignatureEntry),
});
export type JobDetail = z.infer<typeof jobDetailResponse>;

/**
 * Mark Complete's answer, from the job's stream once the card is signed: the job's signed and required
 * cards, and the sign-off this call recorded (null when it repeats an earlier request, which recorded it).
 */
export const completeJobResponse = commandResultSchema.extend({
  success: z.literal(true),
  message: z.string(),
  job: jobSchema.pick({
    id: true,
    Student_ID: true,
    Job_Type: true,
    Total_Count: true,
    Completed_Count: true,
    status: true,
    percent: true,
    remaining: true,
    is_complete: true,
  }),
  signature: mentorSignature
    .extend({
      signature_id: z.string(),
      mentor_id: z.string(),
      completed_at: z.string(),
      content_hash: z.string().nullable(),
    })
    .nullable(),
});
export type CompleteJobResponse = z.infer<typeof completeJobResponse>;

/** A job of a student summary with a non-zero total, with its percentage. */
export const jobProgress = z.strictObject({
  id: z.string(),
  Student_ID: z.string(),
  Job_Type: jobTypeSchema,
  Total_Count: z.number().int(),
  Completed_Count: z.number().int(),
  /** Counted sign-offs disputed and not yet decided (docs/rules.md#dispute-visibility). */
  Disputed_Count: z.number().int(),
  percent: z.number(),
  is_complete: z.boolean(),
});
export type JobProgress = z.infer<typeof jobProgress>;

export const accountTypeSchema = z.enum(['Independent', 'Training Centre']);

/** A student as cards and lists show them (spec §3 "Student"). */
export const studentCard = z.strictObject({
  id: z.string(),
  First_Name: z.string(),
  Last_Name: z.string(),
  Name: z.string(),
  Email: z.string(),
  Phone_Number: z.string().nullable(),
  Postcode: z.string().nullable(),
  Date_Of_Birth: z.string().nullable(),
  Created_At: z.string(),
  account_type: accountTypeSchema,
  training_centre_id: z.string().nullable(),
  Matched: z.boolean(),
  /** 'active' while placed, 'pending' while a proposal waits for the mentor, else null. */
  placement_status: z.enum(['active', 'pending']).nullable(),
  placement_id: z.string().nullable(),
  mentor_id: z.string().nullable(),
  job_requirements: requirementCounts,
  has_requirements: z.boolean(),
  additional_requirements: z.string().nullable(),
  /** Progress at a glance (docs/rules.md#progress-at-a-glance): cards signed over cards required, over the open jobs. */
  cards_signed: z.number().int(),
  cards_required: z.number().int(),
  progress_percent: z.number(),
  jobs: z.array(jobProgress),
});
export type StudentCard = z.infer<typeof studentCard>;

/**
 * A student's invitation (docs/rules.md#centre-caseload) as of the server's clock: `sent` while its
 * temporary password works, `expired` once it has run out unused, `signed_in` once the student chose
 * their own password. `expires_at` is when the temporary password stops working (null once signed in).
 */
export const INVITATION_STATES = ['sent', 'expired', 'signed_in'] as const;
export const invitationView = z.strictObject({
  state: z.enum(INVITATION_STATES),
  expires_at: z.string().nullable(),
});
export type InvitationView = z.infer<typeof invitationView>;

/** A row of the centre's caseload (docs/rules.md#centre-caseload): the student card and where the student stands today. */
export const caseloadRow = studentCard
  .extend({
    last_signed_off_at: z.string().nullable(),
    cards_last_30_days: z.number().int(),
    open_disputes: z.number().int(),
    /** A date (YYYY-MM-DD); null with fewer than 2 cards in the last 60 days. */
    forecast_finish: z.string().nullable(),
    at_risk: z.boolean(),
    invitation: invitationView,
  })
  .strict();
export type CaseloadRow = z.infer<typeof caseloadRow>;
export const CASELOAD_AT_RISK_MESSAGE = 'at_risk must be true or false';
/** `GET /api/my-students` and `.csv`: the list's paging, search and sort, and the at-risk filter. */
export const caseloadQuery = pageQuerySchema.extend({
  at_risk: z.enum(['true', 'false'], { error: CASELOAD_AT_RISK_MESSAGE }).optional(),
});

const personRef = z.strictObject({ id: z.string(), name: z.string(), email: z.string() });
export type PersonRef = z.infer<typeof personRef>;

export const studentDetail = studentCard.extend({
  mentor: personRef.nullable(),
  training_centre: personRef.nullable(),
  registration: z.strictObject({ registered_at: z.string(), temporary_password_unused: z.boolean() }),
  job_details: z.array(jobSchema),
});
export type StudentDetail = z.infer<typeof studentDetail>;

/** One card of the student's Jobs view: a job type with a non-zero requirement, measured against it. */
export const requirementProgress = z.strictObject({
  Job_Type: jobTypeSchema,
  job_id: z.string().nullable(),
  required: z.number().int(),
  completed: z.number().int(),
  percent: z.number(),
  remaining: z.number().int(),
  is_complete: z.boolean(),
});

export const jobRequirementsResponse = z.strictObject({
  requirements: requirementCounts,
  has_requirements: z.boolean(),
  additional_requirements: z.string().nullable(),
  progress: z.array(requirementProgress),
});
export type JobRequirementsResponse = z.infer<typeof jobRequirementsResponse>;

export const saveJobRequirementsResponse = commandResultSchema.extend({
  message: z.string(),
  requirements: requirementCounts,
  additional_requirements: z.string().nullable(),
  has_requirements: z.literal(true),
});
export type SaveJobRequirementsResponse = z.infer<typeof saveJobRequirementsResponse>;

export const registerStudentResponse = commandResultSchema.extend({
  message: z.string(),
  student: z.strictObject({
    id: z.string(),
    First_Name: z.string(),
    Last_Name: z.string(),
    Email: z.string(),
    account_type: accountTypeSchema,
  }),
  /** Shown once on the success screen (docs/rules.md#passwords-never-shown); null when the request was a retry. */
  temporary_password: z.string().nullable(),
});
export type RegisterStudentResponse = z.infer<typeof registerStudentResponse>;

/**
 * Bulk onboarding (docs/rules.md#centre-caseload): `POST /api/register-students` takes a CSV (text/csv,
 * UTF-8) with exactly this header and at most 500 rows under it.
 */
export const BULK_REGISTRATION_HEADER = [
  'First_Name',
  'Last_Name',
  'Email',
  'Phone_Number',
  'Postcode',
  'Boiler_Installs',
  'Boiler_Service',
  'Pipework',
  'Repair',
] as const;
export const BULK_REGISTRATION_MAX_ROWS = 500;
export const BULK_REGISTRATION_TEXTS = {
  type: 'Please upload a CSV file (text/csv)',
  encoding: 'The file must be UTF-8 text',
  header: `The first row must be exactly: ${BULK_REGISTRATION_HEADER.join(',')}`,
  empty: 'The file has no students under its header',
  tooMany: `A file may hold at most ${BULK_REGISTRATION_MAX_ROWS} students`,
  duplicate: 'This email appears more than once in the file',
  taken: 'An account with this email already exists',
} as const;
/** A bad row's errors come back as `{ field: 'rows.<row>.<column>', message }`; row 2 is the first under the header. */
export const bulkRowField = (row: number, column: string) => `rows.${row}.${column}`;

const bulkStudent = z.strictObject({
  row: z.number().int(),
  id: z.string(),
  First_Name: z.string(),
  Last_Name: z.string(),
  Email: z.string(),
});
/**
 * Every row registered: the new ones with their temporary password (shown once; null on a retried
 * request), and those a file sent again had already registered (after a crash part-way).
 */
export const bulkRegistrationResponse = commandResultSchema.extend({
  message: z.string(),
  registered: z.array(bulkStudent.extend({ temporary_password: z.string().nullable() })),
  already_registered: z.array(bulkStudent),
});
export type BulkRegistrationResponse = z.infer<typeof bulkRegistrationResponse>;

/** `POST /api/students/{id}/resend-invite`: the new temporary password, shown once (null on a retried request). */
export const resendInviteResponse = commandResultSchema.extend({
  message: z.string(),
  temporary_password: z.string().nullable(),
});
export type ResendInviteResponse = z.infer<typeof resendInviteResponse>;

/** The student's active mentor as they may contact them: business contact details, else the account's. */
export const mentorContact = z.strictObject({
  id: z.string(),
  name: z.string(),
  business_name: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string(),
});
export type MentorContact = z.infer<typeof mentorContact>;

/** GET /api/dashboard/overview (spec §3 "Dashboard overview"); `notifications` is the unread count. */
export const studentOverview = z.strictObject({
  role: z.literal('student'),
  matched: z.boolean(),
  /** Jobs with a non-zero total. */
  jobs_count: z.number().int(),
  placement_status: z.enum(['Matched', 'Pending']),
  /** Jobs not yet complete. */
  active_jobs: z.number().int(),
  account_type: accountTypeSchema,
  has_requirements: z.boolean(),
  /** The first 4 jobs (spec §9). */
  current_jobs: z.array(jobProgress),
  mentor: mentorContact.nullable(),
  notifications: z.number().int(),
});
export const mentorOverview = z.strictObject({
  role: z.literal('mentor'),
  /** True while the mentor has at least one active placement (docs/rules.md#placement-status). */
  matched: z.boolean(),
  /** Job cards the mentor signed (Jobs Supervised). */
  jobs_completed: z.number().int(),
  status: z.enum(['Active Students', 'No Active Students']),
  active_students: z.number().int(),
  /** The first 4 open jobs of the mentor's students. */
  student_progress: z.array(
    z.strictObject({
      id: z.string(),
      Student_ID: z.string(),
      Student_Name: z.string(),
      Job_Type: jobTypeSchema,
      Total_Count: z.number().int(),
      Completed_Count: z.number().int(),
      percent: z.number(),
      status: z.enum(['in_progress', 'completed']),
    }),
  ),
  /** All jobs of the mentor's students (for the view-all link). */
  jobs_total: z.number().int(),
  notifications: z.number().int(),
});
export const centreOverview = z.strictObject({
  role: z.literal('training_centre'),
  student_count: z.number().int(),
  placed_students: z.number().int(),
  awaiting_placement: z.number().int(),
  placement_rate: z.number(),
  latest_registration: z
    .strictObject({
      id: z.string(),
      First_Name: z.string(),
      Last_Name: z.string(),
      Name: z.string(),
      Email: z.string(),
      Created_At: z.string(),
      Matched: z.boolean(),
    })
    .nullable(),
  notifications: z.number().int(),
});
export const dashboardOverview = z.discriminatedUnion('role', [studentOverview, mentorOverview, centreOverview]);
export type StudentOverview = z.infer<typeof studentOverview>;
export type MentorOverview = z.infer<typeof mentorOverview>;
export type CentreOverview = z.infer<typeof centreOverview>;

export const trainingRoutes = defineRoutes([
  {
    method: 'POST',
    path: '/api/register-student',
    body: studentRegistrationRequest,
    responses: { 201: registerStudentResponse },
  },
  { method: 'POST', path: '/api/register-students', responses: { 201: bulkRegistrationResponse } },
  { method: 'POST', path: '/api/students/:id/resend-invite', responses: { 200: resendInviteResponse } },
  { method: 'GET', path: '/api/students/job-requirements', responses: { 200: jobRequirementsResponse } },
  {
    method: 'PUT',
    path: '/api/students/job-requirements',
    body: jobRequirementsRequest,
    responses: { 200: saveJobRequirementsResponse },
  },
  { method: 'GET', path: '/api/jobs', query: jobsQuery, responses: { 200: z.array(jobSchema) } },
  { method: 'GET', path: '/api/jobs/:id', responses: { 200: jobDetailResponse } },
  { method: 'PUT', path: '/api/jobs/:id/complete', body: completeJobRequest, responses: { 200: completeJobResponse } },
  { method: 'GET', path: '/api/my-students', query: caseloadQuery, responses: { 200: z.array(caseloadRow) } },
  {
    method: 'GET',
    path: '/api/my-students.csv',
    query: caseloadQuery,
    responses: { 200: { contentType: /^text\/csv/ } },
  },
  { method: 'GET', path: '/api/my-students/:id', responses: { 200: studentDetail } },
  { method: 'GET', path: '/api/my-matches', query: pageQuerySchema, responses: { 200: z.array(studentCard) } },
  { method: 'GET', path: '/api/dashboard/overview', responses: { 200: dashboardOverview } },
]);
