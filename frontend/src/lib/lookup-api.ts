import { LOOKUP_ENTITY_TYPES, type LookupEntityType, type LookupResponse } from '@panda/contracts/accounts';
import { api, wholeLists } from './api';

/**
 * GET /api/lookup/{entityType}/{entityId} (docs/rules.md#entity-lookup): what the entity details modal shows, only
 * for callers who may see that entity. Shared by every feature through
 * src/components/entity-details-modal.tsx.
 */

export function isLookupEntityType(value: unknown): value is LookupEntityType {
  return typeof value === 'string' && (LOOKUP_ENTITY_TYPES as readonly string[]).includes(value);
}

export interface LookupArgs {
  entityType: LookupEntityType;
  entityId: string;
}

/** Read-model collections a lookup answer is built from: any change there refreshes an open modal. */
const LOOKUP_SOURCES = ['students', 'accounts', 'placements', 'jobs'] as const;

export const lookupApi = api.enhanceEndpoints({ addTagTypes: LOOKUP_SOURCES }).injectEndpoints({
  endpoints: (build) => ({
    getEntityLookup: build.query<LookupResponse, LookupArgs>({
      query: ({ entityType, entityId }) => `/lookup/${encodeURIComponent(entityType)}/${encodeURIComponent(entityId)}`,
      providesTags: (_result, _error, { entityId }) => [
        ...wholeLists(...LOOKUP_SOURCES),
        ...LOOKUP_SOURCES.map((type) => ({ type, id: entityId })),
      ],
    }),
  }),
});

export const { useGetEntityLookupQuery } = lookupApi;
