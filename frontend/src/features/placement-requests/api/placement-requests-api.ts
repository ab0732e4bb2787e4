import { api, listTags } from '../../../lib/api';

export interface PlacementRequest {
  id: string;
  Status: 'pending';
  Proposed_At: string;
  Notes: string | null;
  student: { id: string; First_Name: string; Last_Name: string; Name: string; Postcode: string | null };
  training_centre: { id: string; name: string; email: string } | null;
  account_type: 'Independent' | 'Training Centre';
  job_requirements: Record<string, number> | null;
}

/** A mentor's pending placement requests (GET /api/placement-requests) and the answers to them. */
export const placementRequestsApi = api
  .enhanceEndpoints({ addTagTypes: ['placements', 'student_placements', 'jobs', 'students'] })
  .injectEndpoints({
    endpoints: (build) => ({
      placementRequests: build.query<PlacementRequest[], void>({
        query: () => '/placement-requests',
        transformResponse: (r: { requests?: PlacementRequest[] }) => r.requests ?? [],
        providesTags: (items) => listTags('placements', items),
      }),
      acceptPlacement: build.mutation<{ message?: string; position?: number }, string>({
        query: (id) => ({ url: `/placement-requests/${encodeURIComponent(id)}/accept`, method: 'POST' }),
        invalidatesTags: [
          { type: 'placements', id: 'LIST' },
          { type: 'student_placements', id: 'LIST' },
          { type: 'jobs', id: 'LIST' },
          { type: 'students', id: 'LIST' },
        ],
      }),
      declinePlacement: build.mutation<{ message?: string; position?: number }, { id: string; reason: string }>({
        query: ({ id, reason }) => ({
          url: `/placement-requests/${encodeURIComponent(id)}/decline`,
          method: 'POST',
          body: { reason },
        }),
        invalidatesTags: [{ type: 'placements', id: 'LIST' }],
      }),
    }),
  });

export const { usePlacementRequestsQuery, useAcceptPlacementMutation, useDeclinePlacementMutation } =
  placementRequestsApi;
