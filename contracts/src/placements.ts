import { z } from 'zod';
import { multiLineText, optionalText } from './fields';
import { pageQuerySchema } from './paging';
import { commandResultSchema, defineRoutes } from './route-contract';
import { accountTypeSchema, jobTypeSchema, requirementCounts } from './training';

/** Placements (matching, proposals, acceptance; docs/rules.md#admin-matching, docs/rules.md#placement-status, docs/rules.md#jobs-per-requirement). Route contracts: see ./route-contract. */

// Requests

/** POST /api/admin/placements: an admin proposes placing the student with the mentor. */
export const proposePlacementRequest = z.object({
  student_id: z.string({ error: 'Please choose a student' }).trim().min(1, 'Please choose a student').max(100),
  mentor_id: z.string({ error: 'Please choose a mentor' }).trim().min(1, 'Please choose a mentor').max(100),
  notes: optionalText(2000, { multiLine: true }),
});
export type ProposePlacementRequest = z.input<typeof proposePlacementRequest>;

/** PATCH /api/admin/placements/{id}: an admin ends a placement. */
export const endPlacementRequest = z.object({
  status: z.enum(['completed', 'cancelled'], { error: "Status must be 'completed' or 'cancelled'" }),
  notes: optionalText(2000, { multiLine: true }),
});
export type EndPlacementRequest = z.input<typeof endPlacementRequest>;

/** POST /api/placement-requests/{id}/decline. */
export const declinePlacementRequest = z.object({
  reason: multiLineText('Please give a reason for declining')
    .trim()
    .min(1, 'Please give a reason for declining')
    .max(2000, 'Must be at most 2000 characters'),
});
export type DeclinePlacementRequest = z.input<typeof declinePlacementRequest>;

/** GET /api/admin/placements/candidates?student_id= */
export const candidatesQuery = z.object({
  student_id: z
    .string({ error: 'student_id is required' })
    .trim()
    .min(1, 'student_id is required')
    .max(100, 'student_id must be at most 100 characters'),
});

// Responses

export const proposePlacementResponse = commandResultSchema.extend({
  message: z.string(),
  placement_id: z.string(),
});
export type ProposePlacementResponse = z.infer<typeof proposePlacementResponse>;
export const placementCommandResponse = commandResultSchema.extend({
  message: z.string(),
  id: z.string(),
  status: z.enum(['active', 'completed', 'cancelled']),
});
export type PlacementCommandResponse = z.infer<typeof placementCommandResponse>;

/** A mentor's pending placement request, with what they need to decide. */
export const placementRequestSchema = z.strictObject({
  id: z.string(),
  Status: z.literal('pending'),
  Proposed_At: z.string(),
  Notes: z.string().nullable(),
  student: z.strictObject({
    id: z.string(),
    First_Name: z.string(),
    Last_Name: z.string(),
    Name: z.string(),
    Postcode: z.string().nullable(),
  }),
  training_centre: z.strictObject({ id: z.string(), name: z.string(), email: z.string() }).nullable(),
  account_type: accountTypeSchema,
  job_requirements: requirementCounts.nullable(),
});
export type PlacementRequest = z.infer<typeof placementRequestSchema>;
export const placementRequestsResponse = z.strictObject({ requests: z.array(placementRequestSchema) });
export type PlacementRequestsResponse = z.infer<typeof placementRequestsResponse>;

/** A mentor the admin may propose, ranked with reasons (events/src/domain/ranking.ts). */
export const candidateSchema = z.strictObject({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  Business_Name: z.string().nullable(),
  Business_Postcode: z.string().nullable(),
  distance_km: z.number().nullable(),
  /** The same distance in miles: what the screens show. */
  distance_miles: z.number().nullable(),
  active_students: z.number().int(),
  pending_requests: z.number().int(),
  capacity: z.number().int(),
  free_capacity: z.number().int(),
  qualified_for: z.array(jobTypeSchema),
  not_qualified_for: z.array(jobTypeSchema),
  score: z.number(),
  score_parts: z.strictObject({ distance: z.number(), capacity: z.number(), qualifications: z.number() }),
  rank: z.number().int(),
  /** One line per factor, in the order distance, capacity, qualifications (then notes). */
  reasons: z.array(z.string()),
  /** Why this rank, in one sentence. */
  rank_reason: z.string(),
});
export type Candidate = z.infer<typeof candidateSchema>;

export const candidateListResponse = z.strictObject({
  student: z.strictObject({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    Postcode: z.string().nullable(),
    account_type: accountTypeSchema,
    training_centre_name: z.string().nullable(),
    Matched: z.boolean(),
    placement_status: z.enum(['pending', 'active', 'completed', 'cancelled']).nullable(),
    /** Job types with work still to do. */
    needs: z.array(jobTypeSchema),
    /** Why no placement can be proposed now, null when one can. */
    blocked: z.string().nullable(),
  }),
  candidates: z.array(candidateSchema),
  /** Mentors left out, with why (docs/rules.md#admin-matching: vetted, unlocked, profile complete). */
  excluded: z.array(
    z.strictObject({ id: z.string(), name: z.string(), email: z.string(), reasons: z.array(z.string()) }),
  ),
});
export type CandidateList = z.infer<typeof candidateListResponse>;

export const placementsRoutes = defineRoutes([
  {
    method: 'POST',
    path: '/api/admin/placements',
    body: proposePlacementRequest,
    responses: { 201: proposePlacementResponse },
  },
  {
    method: 'PATCH',
    path: '/api/admin/placements/:id',
    body: endPlacementRequest,
    responses: { 200: placementCommandResponse },
  },
  {
    method: 'GET',
    path: '/api/admin/placements/candidates',
    query: candidatesQuery,
    responses: { 200: candidateListResponse },
  },
  {
    method: 'GET',
    path: '/api/placement-requests',
    query: pageQuerySchema,
    responses: { 200: placementRequestsResponse },
  },
  { method: 'POST', path: '/api/placement-requests/:id/accept', responses: { 200: placementCommandResponse } },
  {
    method: 'POST',
    path: '/api/placement-requests/:id/decline',
    body: declinePlacementRequest,
    responses: { 200: placementCommandResponse },
  },
]);
