import { z } from 'zod';
import { pageQuerySchema } from './paging';
import { defineRoutes } from './route-contract';

/**
 * Query filters of the admin tables (docs/rules.md#list-paging: sorting and filters locked, unvetted,
 * unplaced). Paging itself (`limit`, `cursor`, `q`, `sort`) is `pageQuerySchema` of ./paging.
 */
const flag = (name: string) => z.enum(['true', 'false'], { error: `${name} must be true or false` }).optional();

export const adminListFiltersSchema = z.object({
  /** Only locked (true) or only unlocked (false) accounts. */
  locked: flag('locked'),
  /** Mentors and centres: only vetted (true) or only unvetted (false). */
  vetted: flag('vetted'),
  /** Students: only placed (true) or only unplaced (false). */
  placed: flag('placed'),
});
export type AdminListFilters = z.infer<typeof adminListFiltersSchema>;

export const PLACEMENT_STATUSES = ['pending', 'active', 'completed', 'cancelled'] as const;
export const adminPlacementFiltersSchema = z.object({
  status: z.enum(PLACEMENT_STATUSES, { error: `status must be one of ${PLACEMENT_STATUSES.join(', ')}` }).optional(),
});

/** What every admin user-table row has (spec §3 "Admin list item", one spelling per field). */
const adminListItemFields = {
  id: z.string(),
  First_Name: z.string(),
  Last_Name: z.string(),
  Email: z.string(),
  /** "First Last", or the centre's name for a training centre. */
  Name: z.string(),
  Created_At: z.string(),
  account_locked: z.boolean(),
};
export const adminStudentSchema = z.strictObject({
  ...adminListItemFields,
  Phone_Number: z.string().nullable(),
  Postcode: z.string().nullable(),
  training_centre_id: z.string().nullable(),
  training_centre_name: z.string().nullable(),
  account_type: z.enum(['Independent', 'Training Centre']),
  Matched: z.boolean(),
  placement_status: z.enum(PLACEMENT_STATUSES).nullable(),
  placement_id: z.string().nullable(),
  pending_placement_id: z.string().nullable(),
  mentor: z.string().nullable(),
  mentor_name: z.string().nullable(),
});
export type AdminStudent = z.infer<typeof adminStudentSchema>;
export const adminMentorSchema = z.strictObject({
  ...adminListItemFields,
  vetted: z.boolean(),
  Business_Name: z.string().nullable(),
  Business_Postcode: z.string().nullable(),
  profile_complete: z.boolean(),
  /** Active placements. */
  student_count: z.number().int().min(0),
  pending_requests: z.number().int().min(0),
  Matched: z.boolean(),
});
export type AdminMentor = z.infer<typeof adminMentorSchema>;
export const adminCentreSchema = z.strictObject({
  ...adminListItemFields,
  vetted: z.boolean(),
  student_count: z.number().int().min(0),
});
export type AdminCentre = z.infer<typeof adminCentreSchema>;

export const adminStudentsPageSchema = z.strictObject({ students: z.array(adminStudentSchema) });
export const adminMentorsPageSchema = z.strictObject({ mentors: z.array(adminMentorSchema) });
export const adminCentresPageSchema = z.strictObject({ training_centres: z.array(adminCentreSchema) });

const party = z.strictObject({ id: z.string(), name: z.string(), email: z.string() });
/** Spec §3 "Placement", plus the proposal's and the end's details and the trainee's progress (docs/rules.md#progress-at-a-glance). */
export const adminPlacementSchema = z.strictObject({
  id: z.string(),
  Status: z.enum(PLACEMENT_STATUSES),
  Placed_At: z.string().nullable(),
  Proposed_At: z.string(),
  Ended_At: z.string().nullable(),
  Notes: z.string().nullable(),
  proposal_notes: z.string().nullable(),
  end_notes: z.string().nullable(),
  decline_reason: z.string().nullable(),
  reasons: z.array(z.string()),
  proposed_by: z.string().nullable(),
  ended_by: z.string().nullable(),
  student_id: z.string(),
  mentor_id: z.string(),
  training_centre_id: z.string().nullable(),
  student_name: z.string(),
  student_email: z.string(),
  mentor_name: z.string(),
  mentor_email: z.string(),
  training_centre_name: z.string().nullable(),
  training_centre_email: z.string().nullable(),
  relationships: z.strictObject({ student: party, mentor: party, training_centre: party.nullable() }),
  Created_At: z.string(),
  updated_at: z.string(),
  cards_signed: z.number().int().min(0),
  cards_required: z.number().int().min(0),
  progress_percent: z.number().int().min(0).max(100),
});
export type AdminPlacement = z.infer<typeof adminPlacementSchema>;
export const adminPlacementsPageSchema = z.strictObject({ placements: z.array(adminPlacementSchema) });
export type AdminStudentsPage = z.infer<typeof adminStudentsPageSchema>;
export type AdminMentorsPage = z.infer<typeof adminMentorsPageSchema>;
export type AdminCentresPage = z.infer<typeof adminCentresPageSchema>;
export type AdminPlacementsPage = z.infer<typeof adminPlacementsPageSchema>;

/** The query of each admin table: paging (docs/rules.md#list-paging) and its filters. */
export const adminStudentsQuerySchema = pageQuerySchema.extend(adminListFiltersSchema.omit({ vetted: true }).shape);
export const adminAccountsQuerySchema = pageQuerySchema.extend(adminListFiltersSchema.omit({ placed: true }).shape);
export const adminPlacementsQuerySchema = pageQuerySchema.extend(adminPlacementFiltersSchema.shape);
export type AdminStudentsQuery = z.input<typeof adminStudentsQuerySchema>;
export type AdminAccountsQuery = z.input<typeof adminAccountsQuerySchema>;
export type AdminPlacementsQuery = z.input<typeof adminPlacementsQuerySchema>;

/** The admin tables. Route contracts: see ./route-contract. */
export const adminRoutes = defineRoutes([
  {
    method: 'GET',
    path: '/api/admin/users/students',
    query: adminStudentsQuerySchema,
    responses: { 200: adminStudentsPageSchema },
  },
  {
    method: 'GET',
    path: '/api/admin/users/mentors',
    query: adminAccountsQuerySchema,
    responses: { 200: adminMentorsPageSchema },
  },
  {
    method: 'GET',
    path: '/api/admin/users/training-centres',
    query: adminAccountsQuerySchema,
    responses: { 200: adminCentresPageSchema },
  },
  {
    method: 'GET',
    path: '/api/admin/placements',
    query: adminPlacementsQuerySchema,
    responses: { 200: adminPlacementsPageSchema },
  },
]);
