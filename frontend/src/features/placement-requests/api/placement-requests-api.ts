import type {
  DeclinePlacementRequest,
  PlacementCommandResponse,
  PlacementRequest,
  PlacementRequestsResponse,
} from '@panda/contracts/placements';
import { api, listTags, wholeLists } from '../../../lib/api';

/** A mentor's pending placement requests (GET /api/placement-requests) and the answers to them. */
export const placementRequestsApi = api
  .enhanceEndpoints({ addTagTypes: ['placements', 'student_placements', 'jobs', 'students'] })
  .injectEndpoints({
    endpoints: (build) => ({
      placementRequests: build.query<PlacementRequest[], void>({
        query: () => '/placement-requests',
        transformResponse: (r: PlacementRequestsResponse) => r.requests,
        providesTags: (items) => listTags('placements', items),
      }),
      acceptPlacement: build.mutation<PlacementCommandResponse, string>({
        query: (id) => ({ url: `/placement-requests/${encodeURIComponent(id)}/accept`, method: 'POST' }),
        invalidatesTags: wholeLists('placements', 'student_placements', 'jobs', 'students'),
      }),
      declinePlacement: build.mutation<PlacementCommandResponse, DeclinePlacementRequest & { id: string }>({
        query: ({ id, reason }) => ({
          url: `/placement-requests/${encodeURIComponent(id)}/decline`,
          method: 'POST',
          body: { reason },
        }),
        invalidatesTags: wholeLists('placements'),
      }),
    }),
  });

export const { usePlacementRequestsQuery, useAcceptPlacementMutation, useDeclinePlacementMutation } =
  placementRequestsApi;
