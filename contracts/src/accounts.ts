import { z } from 'zod';
import { emailField, multiLineText, optionalText, postcodeField, requiredText, singleLineText } from './fields';
import { phoneField } from './uk-phone';
import { commandResultSchema, defineRoutes } from './route-contract';
import { LOCK_CATEGORIES } from './account-messages';
import { registerStudentResponse, studentRegistrationRequest } from './training';

/**
 * Accounts (sign-up, sign-in, sessions, profile, passwords, lock, vet; the admin portal's account
 * calls; lookup). Requests are validated with these at the edge (spec sections 3 and 5 for the
 * texts); the integration tests parse every answer with them; the web app's types are `z.infer` of them.
 */

export const ROLES = ['student', 'mentor', 'training_centre', 'admin', 'auditor'] as const;
export const roleSchema = z.enum(ROLES);
export type Role = z.infer<typeof roleSchema>;

// ---------------------------------------------------------------------------------------------
// Fields shared by request bodies

export { emailField, isCalendarDate, postcodeField, requiredText } from './fields';
export { phoneField } from './uk-phone';

const password = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .min(1, `${label} is required`)
    .min(6, `${label} must be at least 6 characters`)
    .max(200, `${label} is too long`);

// ---------------------------------------------------------------------------------------------
// Sign-up, sign-in, sessions, passwords

/** Temporary passwords (a registered student's first one, a forgot-password one) stop working after this many days. */
export const TEMPORARY_PASSWORD_DAYS = 7;

export const SIGN_UP_ROLES = ['mentor', 'training_centre'] as const;
export type SignUpRole = (typeof SIGN_UP_ROLES)[number];

export const signUpRequest = z
  .object({
    First_Name: requiredText('First name is required'),
    Last_Name: requiredText('Last name is required'),
    Email: emailField(),
    Password: password('Password'),
    Role: z.enum(SIGN_UP_ROLES, { error: 'Please select a role' }),
    Training_Centre_Name: singleLineText().trim().max(200).optional().nullable(),
  })
  .superRefine((v, ctx) => {
    if (v.Role === 'training_centre' && !v.Training_Centre_Name) {
      ctx.addIssue({ code: 'custom', path: ['Training_Centre_Name'], message: 'Training centre name is required' });
    }
  });
export type SignUpRequest = z.input<typeof signUpRequest>;

export const signInRequest = z.object({
  Email: z.string({ error: 'Email is required' }).trim().min(1, 'Email is required').max(254),
  Password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(200),
});
export type SignInRequest = z.input<typeof signInRequest>;

export const forgotPasswordRequest = z.object({
  email: z
    .string({ error: 'Please enter your email address' })
    .trim()
    .min(1, 'Please enter your email address')
    .max(254),
});
export type ForgotPasswordRequest = z.input<typeof forgotPasswordRequest>;

export const PASSWORD_MISMATCH = 'Password confirmation does not match';
export const changePasswordRequest = z
  .object({
    currentPassword: z
      .string({ error: 'Current password is required' })
      .min(1, 'Current password is required')
      .max(200),
    newPassword: password('New password'),
    confirmPassword: z.string({ error: PASSWORD_MISMATCH }),
  })
  .refine((v) => v.newPassword === v.confirmPassword, { path: ['confirmPassword'], message: PASSWORD_MISMATCH });
export type ChangePasswordRequest = z.input<typeof changePasswordRequest>;

/** Admin portal sign-in: both fields, else 'Please enter both email and password' (the attempt is recorded). */
export const ADMIN_SIGN_IN_INCOMPLETE = 'Please enter both email and password';
export const adminSignInRequest = z.object({
  email: z.string({ error: ADMIN_SIGN_IN_INCOMPLETE }).trim().min(1, ADMIN_SIGN_IN_INCOMPLETE),
  password: z.string({ error: ADMIN_SIGN_IN_INCOMPLETE }).min(1, ADMIN_SIGN_IN_INCOMPLETE),
});
export type AdminSignInRequest = z.input<typeof adminSignInRequest>;

/** The signed-in user as the client keeps it in its session. */
export const sessionUser = z.strictObject({
  id: z.string(),
  role: roleSchema,
  First_Name: z.string(),
  Last_Name: z.string(),
  /** Centre name for training centres, "First Last" otherwise. */
  Name: z.string(),
  Email: z.string(),
  must_change_password: z.boolean(),
});
export type SessionUser = z.infer<typeof sessionUser>;

/** Sign-in (user or admin portal): a token and the user. */
export const sessionResponse = z.strictObject({ token: z.string(), user: sessionUser, role: roleSchema });
export type SessionResponse = z.infer<typeof sessionResponse>;
export const signUpResponse = sessionResponse.extend(commandResultSchema.shape);
export type SignUpResponse = z.infer<typeof signUpResponse>;

export const messageResponse = z.strictObject({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponse>;
export const logoutResponse = messageResponse.extend(commandResultSchema.shape);
/** The password change answers a fresh token: every earlier one has ended. */
export const changePasswordResponse = z.strictObject({
  message: z.string(),
  token: z.string(),
  user: sessionUser,
  position: z.number().int().min(0),
});
export type ChangePasswordResponse = z.infer<typeof changePasswordResponse>;

export const validateResponse = z.strictObject({ valid: z.literal(true), user: sessionUser });
/**
 * `GET /api/health`: the log's head, how far each projection has read it, and where the background
 * re-hash of the log stands (docs/rules.md#never-rechain): `failed_at` is the first position that failed.
 */
export const healthResponse = z.strictObject({
  status: z.literal('ok'),
  position: z.number().int(),
  head: z.number().int(),
  projections: z.record(z.string(), z.number().int()),
  log_verification: z.strictObject({
    state: z.enum(['running', 'passed', 'failed']),
    failed_at: z.number().int().nullable(),
  }),
});

// ---------------------------------------------------------------------------------------------
// Profiles

export const BUSINESS_TYPES_FORM = [
  'Sole Trader',
  'Limited Company',
  'Partnership',
  'LLP (Limited Liability Partnership)',
  'Charity/Non-profit',
  'Other',
] as const;
export const BUSINESS_TYPES_SETTINGS = ['Sole Trader', 'Limited Company', 'Partnership', 'Self Employed'] as const;
/** Either form may have set the business type, so both lists are accepted everywhere. */
export const BUSINESS_TYPES: readonly string[] = [...new Set([...BUSINESS_TYPES_FORM, ...BUSINESS_TYPES_SETTINGS])];
export const REFERRAL_SOURCES = [
  'Google Search',
  'Social Media',
  'Word of Mouth',
  'Existing Student',
  'Trade Website',
  'Advertisement',
  'Other',
] as const;

const businessType = (message: string) =>
  requiredText(message).refine((v) => BUSINESS_TYPES.includes(v), 'Please select a valid business type');

/** Profile Settings (spec section 5), per role: only the fields the role may change (section 6). */
export const studentSettingsRequest = z.object({
  First_Name: requiredText('First name is required'),
  Last_Name: requiredText('Last name is required'),
  Phone_Number: phoneField('Phone number is required'),
  Postcode: postcodeField('Postcode is required'),
});
export const centreSettingsRequest = z.object({
  Name: requiredText('Training centre name is required', 200),
  Email: emailField(),
});
export const mentorSettingsRequest = z.object({
  First_Name: requiredText('First name is required'),
  Last_Name: requiredText('Last name is required'),
  Email: emailField(),
  Business_Name: requiredText('Business name is required', 200),
  Gas_Safe_Registration_Number: requiredText('Gas Safe Registration Number is required', 50),
  Business_Type: businessType('Business type is required'),
  Business_Postcode: postcodeField('Business postcode is required'),
});
/** `PUT /api/profile`: the role's settings (the server picks the schema by the caller's role). */
export const profileSettingsRequest = z.union([studentSettingsRequest, centreSettingsRequest, mentorSettingsRequest]);
export type ProfileSettingsRequest =
  | z.input<typeof studentSettingsRequest>
  | z.input<typeof centreSettingsRequest>
  | z.input<typeof mentorSettingsRequest>;

export const PHOTO_NOT_IMAGE = 'Please select a valid image file';
export const PHOTO_TOO_LARGE = 'Image must be smaller than 10MB';
const flag = z
  .boolean({ error: 'Must be true or false' })
  .nullish()
  .transform((v) => v ?? false);

/**
 * 'Edit Your Mentor Profile' (spec sections 3 and 5; the photo per docs/rules.md#image-checks). `Gas_Safe_Card_Photo`
 * is a new image (a data URL), the photo on file (its hash, or the photo object GET /api/profile
 * gives), or none; the server checks a new image's bytes.
 */
export const mentorProfileRequest = z
  .object({
    Business_Name: requiredText('Business Name is required', 200),
    Business_Postcode: postcodeField('Business Postcode is required'),
    Business_Phone_Number: phoneField('Business Phone Number is required'),
    Business_Email: emailField('Business Email is required'),
    Gas_Safe_Registration_Number: requiredText('Gas Safe Registration Number is required', 50),
    VAT_Registered: flag,
    Business_Type: businessType('Business Type is required'),
    Qualified_Boilers: flag,
    Qualified_Cookers: flag,
    Qualified_Gas_Fires: flag,
    Qualified_Gas_Meters: flag,
    Qualified_LPG: flag,
    Qualified_Commercial: flag,
    Additional_Information: optionalText(5000, { multiLine: true, error: 'Must be text' }),
    Referral_Source: optionalText(100, { error: 'Must be text' }).refine(
      (v) => v === null || (REFERRAL_SOURCES as readonly string[]).includes(v),
      'Please select a valid referral source',
    ),
    Gas_Safe_Card_Photo: z.union([z.string(), z.object({ hash: z.string() })], { error: PHOTO_NOT_IMAGE }).nullish(),
    Terms_Agreed: z.boolean({ error: 'Please agree to the terms and conditions' }).optional(),
    Terms_Agreed_At: singleLineText().max(40).nullish(),
  })
  .superRefine((v, ctx) => {
    // The form sends Terms_Agreed and/or the time it was ticked; either says yes unless Terms_Agreed is false.
    const agreed = v.Terms_Agreed === true || (v.Terms_Agreed === undefined && Boolean(v.Terms_Agreed_At));
    if (!agreed)
      ctx.addIssue({ code: 'custom', path: ['Terms_Agreed'], message: 'Please agree to the terms and conditions' });
  });
export type MentorProfileRequest = z.input<typeof mentorProfileRequest>;

/** The Gas Safe card photo as answered: served by `url` (GET /api/mentors/:id/gas-safe-photo). */
export const photoView = z.strictObject({
  hash: z.string(),
  content_type: z.string(),
  size: z.number().int(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  url: z.string(),
});
export type PhotoView = z.infer<typeof photoView>;

/** The mentor's business profile (spec section 3 "Mentor"); null fields while never saved. */
export const mentorProfileFields = {
  Business_Name: z.string().nullable(),
  Business_Postcode: z.string().nullable(),
  Business_Phone_Number: z.string().nullable(),
  Business_Email: z.string().nullable(),
  Gas_Safe_Registration_Number: z.string().nullable(),
  VAT_Registered: z.boolean().nullable(),
  Business_Type: z.string().nullable(),
  Qualified_Boilers: z.boolean().nullable(),
  Qualified_Cookers: z.boolean().nullable(),
  Qualified_Gas_Fires: z.boolean().nullable(),
  Qualified_Gas_Meters: z.boolean().nullable(),
  Qualified_LPG: z.boolean().nullable(),
  Qualified_Commercial: z.boolean().nullable(),
  Additional_Information: z.string().nullable(),
  Referral_Source: z.string().nullable(),
  Gas_Safe_Card_Photo: photoView.nullable(),
  Terms_Agreed: z.boolean(),
  Terms_Agreed_At: z.string().nullable(),
  profile_completed: z.boolean(),
};
export const mentorProfileView = z.strictObject(mentorProfileFields);
export type MentorProfileView = z.infer<typeof mentorProfileView>;

export const mentorProfileResponse = z.strictObject({
  success: z.literal(true),
  message: z.string(),
  profile: mentorProfileView,
  position: z.number().int().min(0),
});
export type MentorProfileResponse = z.infer<typeof mentorProfileResponse>;

export const updateProfileResponse = z.strictObject({
  success: z.literal(true),
  message: z.string(),
  changed: z.boolean(),
  user: sessionUser,
  position: z.number().int().min(0),
});
export type UpdateProfileResponse = z.infer<typeof updateProfileResponse>;

const person = z.strictObject({ id: z.string(), name: z.string(), email: z.string() });
export type PersonRef = z.infer<typeof person>;
const personRef = person.nullable();
const editableField = z.enum([
  'First_Name',
  'Last_Name',
  'Name',
  'Email',
  'Phone_Number',
  'Postcode',
  'Business_Name',
  'Gas_Safe_Registration_Number',
  'Business_Type',
  'Business_Postcode',
]);
const profileBase = {
  id: z.string(),
  First_Name: z.string(),
  Last_Name: z.string(),
  Name: z.string(),
  Email: z.string(),
  Created_At: z.string(),
  must_change_password: z.boolean(),
  /** What this role may change in Profile Settings; the rest is read-only. */
  editable_fields: z.array(editableField),
};
/** From the student's training summary (absent until the training read model has the student). */
const requirementCounts = {
  Boiler_Installs: z.number().int().optional(),
  Boiler_Service: z.number().int().optional(),
  Pipework: z.number().int().optional(),
  Repair: z.number().int().optional(),
};

/**
 * `GET /api/profile`: Profile Settings data per role (spec sections 2 and 3); never a password. A
 * student's also carries their training summary (the student card of the training contract).
 */
export const studentProfile = z.object({
  ...profileBase,
  role: z.literal('student'),
  Phone_Number: z.string().nullable(),
  Postcode: z.string().nullable(),
  Date_Of_Birth: z.string().nullable(),
  mentor: personRef,
  training_centre: personRef,
  temporary_password_unused: z.boolean(),
  account_type: z.enum(['Training Centre', 'Independent']).optional(),
  ...requirementCounts,
});
export const mentorProfile = z.strictObject({
  ...profileBase,
  ...mentorProfileFields,
  role: z.literal('mentor'),
  vetted: z.boolean(),
  student_count: z.number().int(),
  Matched: z.boolean(),
  jobs_supervised: z.number().int(),
});
export const centreProfile = z.strictObject({
  ...profileBase,
  role: z.literal('training_centre'),
  vetted: z.boolean(),
  student_count: z.number().int(),
});
export const staffProfile = z.strictObject({ ...profileBase, role: z.enum(['admin', 'auditor']) });
export const profileResponse = z.discriminatedUnion('role', [
  studentProfile,
  mentorProfile,
  centreProfile,
  staffProfile,
]);
export type Profile = z.infer<typeof profileResponse>;

/** `GET /api/mentor/profile-status`: the form opens by itself on a first visit while never completed. */
export const mentorProfileStatus = z.strictObject({
  profile_completed: z.boolean(),
  is_first_time: z.boolean(),
  business_name: z.string().nullable(),
  gas_safe_number: z.string().nullable(),
});
export type MentorProfileStatus = z.infer<typeof mentorProfileStatus>;

/** `GET /api/vetting-status` (mentors and training centres). */
export const vettingStatus = z.strictObject({ vetted: z.boolean(), message: z.string() });
export type VettingStatus = z.infer<typeof vettingStatus>;

// ---------------------------------------------------------------------------------------------
// The admin portal's account calls

export const ADMIN_TARGET_ROLES = ['student', 'mentor', 'training_centre'] as const;
export type AdminTargetRole = (typeof ADMIN_TARGET_ROLES)[number];

const reason = multiLineText()
  .trim()
  .max(500, 'Reason must be at most 500 characters')
  .nullish()
  .transform((v) => v || null);
/**
 * Why an account is locked, as its holder is told (docs/rules.md#locked-accounts). The admin's own
 * `reason` stays in the account's history and is never shown to the holder.
 */
export {
  AUDITOR_REVOKED,
  LOCK_CATEGORIES,
  LOCK_CATEGORY_LABELS,
  LOCK_CATEGORY_NAMES,
  LOCKED_PREFIX,
  SUPPORT_CONTACT,
  lockedMessage,
  type LockCategory,
} from './account-messages';

export const lockRequest = z.object({
  is_locked: z.boolean({ error: 'is_locked must be true or false' }),
  reason,
  /** What the holder is told; 'other' when not given. */
  category: z.enum(LOCK_CATEGORIES, { error: `category must be one of ${LOCK_CATEGORIES.join(', ')}` }).optional(),
});
export type LockRequest = z.input<typeof lockRequest>;
export const vetRequest = z.object({ is_vetted: z.boolean({ error: 'is_vetted must be true or false' }), reason });
export type VetRequest = z.input<typeof vetRequest>;

const accountChange = { message: z.string(), id: z.string(), changed: z.boolean(), position: z.number().int().min(0) };
export const lockResponse = z.strictObject({ ...accountChange, account_locked: z.boolean() });
export type LockResponse = z.infer<typeof lockResponse>;
export const vetResponse = z.strictObject({ ...accountChange, vetted: z.boolean() });
export type VetResponse = z.infer<typeof vetResponse>;

/**
 * The student registration payload (spec section 3), from a training centre (`POST
 * /api/register-student`) or, for an independent student (docs/rules.md#independent-students), an admin (`POST /api/admin/students`):
 * defined with the training contract.
 */
export { studentRegistrationRequest, type StudentRegistrationRequest } from './training';

/** The registered student and their temporary password: the same answer as the training centre's registration. */
export {
  registerStudentResponse as studentRegisteredResponse,
  type RegisterStudentResponse as StudentRegisteredResponse,
} from './training';

export const HISTORY_ACTIONS = [
  'locked',
  'unlocked',
  'vetted',
  'unvetted',
  'placement_proposed',
  'placement_accepted',
  'placement_declined',
  'placement_ended',
] as const;
/** `GET /api/admin/users/:role/:id/history` (paged, newest first). */
export const accountHistoryResponse = z.strictObject({
  account: z.strictObject({
    id: z.string(),
    role: z.enum(ADMIN_TARGET_ROLES),
    Name: z.string(),
    Email: z.string(),
    account_locked: z.boolean(),
    vetted: z.boolean(),
    Created_At: z.string(),
  }),
  history: z.array(
    z.strictObject({
      id: z.string(),
      action: z.enum(HISTORY_ACTIONS),
      at: z.string(),
      actor_id: z.string().nullable(),
      actor_name: z.string(),
      actor_email: z.string().nullable(),
      reason: z.string().nullable(),
      /** A placement entry's placement: who with whom, and how it ended (`completed`/`cancelled`). */
      placement: z
        .strictObject({
          id: z.string(),
          student_id: z.string(),
          student_name: z.string(),
          mentor_id: z.string(),
          mentor_name: z.string(),
          status: z.string().nullable(),
        })
        .nullable(),
    }),
  ),
});
export type AccountHistory = z.infer<typeof accountHistoryResponse>;
export type HistoryEntry = AccountHistory['history'][number];

export const ADMIN_SIGN_IN_OUTCOMES = ['succeeded', 'invalid_credentials', 'throttled', 'incomplete'] as const;
/** `GET /api/admin/signin-attempts` (paged, newest first): every attempt at the admin portal. */
export const signInAttempt = z.strictObject({
  id: z.string(),
  at: z.string(),
  email: z.string(),
  account_id: z.string().nullable(),
  outcome: z.enum(ADMIN_SIGN_IN_OUTCOMES),
  source_address: z.string(),
  user_agent: z.string().nullable(),
});
export type SignInAttempt = z.infer<typeof signInAttempt>;
export const signInAttemptsResponse = z.strictObject({ attempts: z.array(signInAttempt) });
export type SignInAttemptsResponse = z.infer<typeof signInAttemptsResponse>;

// ---------------------------------------------------------------------------------------------
// Lookup (docs/rules.md#entity-lookup): what the entity details modal shows, only to callers who may see the entity.

export const LOOKUP_ENTITY_TYPES = ['student', 'mentor', 'training_centre', 'placement'] as const;
export type LookupEntityType = (typeof LOOKUP_ENTITY_TYPES)[number];

const studentBrief = z.strictObject({
  id: z.string(),
  Name: z.string(),
  Email: z.string(),
  Matched: z.boolean(),
  status: z.enum(['Matched', 'Pending']),
});
export const lookupJob = z.strictObject({
  id: z.string(),
  Job_Type: z.string(),
  Total_Count: z.number().int(),
  Completed_Count: z.number().int(),
  /** Counted sign-offs disputed and not yet decided (docs/rules.md#dispute-visibility). */
  Disputed_Count: z.number().int(),
  Student_ID: z.string(),
  percent: z.number(),
  is_complete: z.boolean(),
});
export const studentLookup = z.strictObject({
  type: z.literal('student'),
  id: z.string(),
  First_Name: z.string(),
  Last_Name: z.string(),
  Name: z.string(),
  Email: z.string(),
  Created_At: z.string(),
  Matched: z.boolean(),
  status: z.enum(['Matched', 'Pending']),
  placement_status: z.string().nullable(),
  placement_id: z.string().nullable(),
  account_type: z.enum(['Training Centre', 'Independent']),
  training_centre: personRef,
  mentor: personRef,
  jobs: z.array(lookupJob),
  jobs_total: z.number().int(),
});
export const mentorLookup = z.strictObject({
  type: z.literal('mentor'),
  id: z.string(),
  First_Name: z.string(),
  Last_Name: z.string(),
  Name: z.string(),
  Email: z.string(),
  Business_Name: z.string().nullable(),
  student_count: z.number().int(),
  Matched: z.boolean(),
  status: z.enum(['Active', 'Available']),
  students: z.array(studentBrief),
});
export const centreLookup = z.strictObject({
  type: z.literal('training_centre'),
  id: z.string(),
  Name: z.string(),
  contact: z.string(),
  First_Name: z.string(),
  Last_Name: z.string(),
  Email: z.string(),
  student_count: z.number().int(),
  students: z.array(studentBrief),
});
export const placementLookup = z.strictObject({
  type: z.literal('placement'),
  id: z.string(),
  Status: z.string(),
  Placed_At: z.string().nullable(),
  Notes: z.string().nullable(),
  Created_At: z.string(),
  student_name: z.string(),
  student_email: z.string(),
  mentor_name: z.string(),
  mentor_email: z.string(),
  training_centre_name: z.string().nullable(),
  training_centre_email: z.string().nullable(),
  relationships: z.strictObject({ student: person, mentor: person, training_centre: personRef }),
});
export const lookupResponse = z.discriminatedUnion('type', [
  studentLookup,
  mentorLookup,
  centreLookup,
  placementLookup,
]);
export type LookupResponse = z.infer<typeof lookupResponse>;
export type StudentLookup = z.infer<typeof studentLookup>;
export type MentorLookup = z.infer<typeof mentorLookup>;
export type CentreLookup = z.infer<typeof centreLookup>;
export type PlacementLookup = z.infer<typeof placementLookup>;
export type StudentBrief = z.infer<typeof studentBrief>;

export const accountsRoutes = defineRoutes([
  { method: 'POST', path: '/api/auth/signup', body: signUpRequest, responses: { 201: signUpResponse } },
  { method: 'POST', path: '/api/auth/signin', body: signInRequest, responses: { 200: sessionResponse } },
  {
    method: 'POST',
    path: '/api/auth/forgot-password',
    body: forgotPasswordRequest,
    responses: { 200: messageResponse },
  },
  { method: 'POST', path: '/api/auth/logout', responses: { 200: logoutResponse } },
  {
    method: 'PUT',
    path: '/api/change-password',
    body: changePasswordRequest,
    responses: { 200: changePasswordResponse },
  },
  { method: 'POST', path: '/api/admin/auth/signin', body: adminSignInRequest, responses: { 200: sessionResponse } },
  { method: 'PATCH', path: '/api/admin/users/:role/:id/lock', body: lockRequest, responses: { 200: lockResponse } },
  { method: 'PATCH', path: '/api/admin/users/:role/:id/vet', body: vetRequest, responses: { 200: vetResponse } },
  {
    method: 'POST',
    path: '/api/admin/students',
    body: studentRegistrationRequest,
    responses: { 201: registerStudentResponse },
  },
  { method: 'PUT', path: '/api/profile', body: profileSettingsRequest, responses: { 200: updateProfileResponse } },
  { method: 'PUT', path: '/api/mentor/profile', body: mentorProfileRequest, responses: { 200: mentorProfileResponse } },
  { method: 'GET', path: '/api/auth/validate', responses: { 200: validateResponse } },
  { method: 'GET', path: '/api/health', responses: { 200: healthResponse } },
  { method: 'GET', path: '/api/admin/users/:role/:id/history', responses: { 200: accountHistoryResponse } },
  { method: 'GET', path: '/api/admin/signin-attempts', responses: { 200: signInAttemptsResponse } },
  { method: 'GET', path: '/api/vetting-status', responses: { 200: vettingStatus } },
  { method: 'GET', path: '/api/profile', responses: { 200: profileResponse } },
  {
    method: 'GET',
    path: '/api/mentors/:id/gas-safe-photo',
    responses: { 200: { contentType: /^image\/(jpeg|png|webp)/ } },
  },
  { method: 'GET', path: '/api/mentor/profile-status', responses: { 200: mentorProfileStatus } },
  { method: 'GET', path: '/api/lookup/:entityType/:entityId', responses: { 200: lookupResponse } },
]);
