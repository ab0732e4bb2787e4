import { api, listTags } from '../../../lib/api';
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
        providesTags: [
          { type: 'mentor_stats', id: 'LIST' },
          { type: 'students', id: 'LIST' },
          { type: 'jobs', id: 'LIST' },
        ],
      }),
      getMentorJobs: build.query<Job[], void>({
        query: () => '/jobs',
        providesTags: (jobs) => listTags('jobs', jobs),
      }),
      getMentorJobDetail: build.query<JobDetail, string>({
        query: (id) => `/jobs/${encodeURIComponent(id)}`,
        providesTags: (_r, _e, id) => [
          { type: 'jobs', id },
          { type: 'jobs', id: 'LIST' },
        ],
      }),
      completeJob: build.mutation<CompleteJobResponse, CompleteJobRequest & { id: string }>({
        query: ({ id, ...body }) => ({ url: `/jobs/${encodeURIComponent(id)}/complete`, method: 'PUT', body }),
        invalidatesTags: (_r, _e, { id }) => [
          { type: 'jobs', id },
          { type: 'jobs', id: 'LIST' },
          { type: 'mentor_stats', id: 'LIST' },
          { type: 'students', id: 'LIST' },
        ],
      }),
      getMentorProfileStatus: build.query<MentorProfileStatus, void>({
        query: () => '/mentor/profile-status',
        providesTags: [{ type: 'mentor_profiles', id: 'LIST' }],
      }),
      getMentorProfileDetails: build.query<MentorProfileDetails, void>({
        query: () => '/profile',
        providesTags: [
          { type: 'mentor_profiles', id: 'LIST' },
          { type: 'accounts', id: 'LIST' },
        ],
      }),
      updateMentorProfile: build.mutation<MentorProfileResponse, UpdateMentorProfileRequest>({
        query: (body) => ({ url: '/mentor/profile', method: 'PUT', body }),
        invalidatesTags: [
          { type: 'mentor_profiles', id: 'LIST' },
          { type: 'accounts', id: 'LIST' },
        ],
      }),
    }),
  });

export const {
  useGetMentorOverviewQuery,
  useGetMentorJobsQuery,
  useGetMentorJobDetailQuery,
  useCompleteJobMutation,
  useGetMentorProfileStatusQuery,
  useGetMentorProfileDetailsQuery,
  useUpdateMentorProfileMutation,
} = mentorApi;
