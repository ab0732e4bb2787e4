import { api, listTags, wholeLists } from '../../../lib/api';
import {
  loadedTags,
  loadMorePages,
  PAGE_SIZE,
  pageSearch,
  toPage,
  type Page,
  type PageArgs,
} from '../../../lib/paging';
import type {
  CompleteJobRequest,
  CompleteJobResponse,
  Job,
  JobDetail,
  MentorOverview,
} from '@panda/contracts/training';
import type {
  MentorProfileRequest,
  MentorProfileResponse,
  MentorProfileStatus,
  PhotoView,
  Profile,
} from '@panda/contracts/accounts';

/** The Gas Safe card photo on file: a blob-store reference and the authenticated URL that serves it. */
export type GasSafePhoto = PhotoView;
/** What 'Edit Your Mentor Profile' sends (PUT /api/mentor/profile). */
export type UpdateMentorProfileRequest = MentorProfileRequest;
/** GET /api/profile for a mentor: account fields plus the business profile (null fields while never saved). */
export type MentorProfileDetails = Extract<Profile, { role: 'mentor' }>;

/** Tags are named after read-model collections (training: jobs, mentor_stats; mentor_profiles). */
export const mentorApi = api
  .enhanceEndpoints({ addTagTypes: ['jobs', 'students', 'mentor_stats', 'mentor_profiles', 'accounts'] })
  .injectEndpoints({
    endpoints: (build) => ({
      getMentorOverview: build.query<MentorOverview, void>({
        query: () => '/dashboard/overview',
        providesTags: wholeLists('mentor_stats', 'students', 'jobs'),
      }),
      /** Student Jobs (docs/rules.md#list-paging): pages of 50 by student name, more on request; `q` searches on the server. */
      getMentorJobs: build.infiniteQuery<Page<Job>, { q?: string }, string | null>({
        infiniteQueryOptions: loadMorePages,
        query: ({ queryArg, pageParam }) =>
          `/jobs${pageSearch({ limit: PAGE_SIZE, q: queryArg.q, cursor: pageParam })}`,
        transformResponse: (jobs: Job[], meta) => toPage(jobs, meta),
        providesTags: (data) => loadedTags('jobs', data),
      }),
      /** One page of jobs (the overview's first few and how many there are). */
      getMentorJobsPage: build.query<Page<Job>, PageArgs>({
        query: (args) => `/jobs${pageSearch({ ...args })}`,
        transformResponse: (jobs: Job[], meta) => toPage(jobs, meta),
        providesTags: (page) => listTags('jobs', page?.items),
      }),
      getMentorJobDetail: build.query<JobDetail, string>({
        query: (id) => `/jobs/${encodeURIComponent(id)}`,
        providesTags: (_r, _e, id) => [
          { type: 'jobs', id },
          { type: 'jobs', id: 'LIST' },
        ],
      }),
      /** `idempotencyKey`: the key the outbox keeps when this send gets no answer (docs/rules.md#outbox). */
      completeJob: build.mutation<CompleteJobResponse, CompleteJobRequest & { id: string; idempotencyKey?: string }>({
        query: ({ id, idempotencyKey, ...body }) => ({
          url: `/jobs/${encodeURIComponent(id)}/complete`,
          method: 'PUT',
          body,
          headers: idempotencyKey ? { 'Idempotency-Key': idempotencyKey } : undefined,
        }),
        invalidatesTags: (_r, _e, { id }) => [
          { type: 'jobs', id },
          { type: 'jobs', id: 'LIST' },
          { type: 'mentor_stats', id: 'LIST' },
          { type: 'students', id: 'LIST' },
        ],
      }),
      getMentorProfileStatus: build.query<MentorProfileStatus, void>({
        query: () => '/mentor/profile-status',
        providesTags: wholeLists('mentor_profiles'),
      }),
      getMentorProfileDetails: build.query<MentorProfileDetails, void>({
        query: () => '/profile',
        providesTags: wholeLists('mentor_profiles', 'accounts'),
      }),
      updateMentorProfile: build.mutation<MentorProfileResponse, UpdateMentorProfileRequest>({
        query: (body) => ({ url: '/mentor/profile', method: 'PUT', body }),
        invalidatesTags: wholeLists('mentor_profiles', 'accounts'),
      }),
    }),
  });

export const {
  useGetMentorOverviewQuery,
  useGetMentorJobsInfiniteQuery,
  useGetMentorJobsPageQuery,
  useGetMentorJobDetailQuery,
  useCompleteJobMutation,
  useGetMentorProfileStatusQuery,
  useGetMentorProfileDetailsQuery,
  useUpdateMentorProfileMutation,
} = mentorApi;
