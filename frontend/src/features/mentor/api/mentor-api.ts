import { api, listTags } from '../../../lib/api';
import type {
  CompleteJobRequest,
  CompleteJobResponse,
  Job,
  JobDetail,
  MentorOverview,
} from '@panda/contracts/training';

/** GET /api/mentor/profile-status. */
export interface MentorProfileStatus {
  profile_completed: boolean;
  is_first_time: boolean;
  business_name: string | null;
  gas_safe_number: string | null;
}

/** The Gas Safe card photo on file: a blob-store reference and the authenticated URL that serves it. */
export interface GasSafePhoto {
  hash: string;
  content_type: string;
  size: number;
  width: number | null;
  height: number | null;
  url: string;
}

/** The Mentor fields of spec section 3 that 'Edit Your Mentor Profile' edits. */
export interface MentorProfileFields {
  Business_Name: string;
  Business_Postcode: string;
  Business_Phone_Number: string;
  Business_Email: string;
  Gas_Safe_Registration_Number: string;
  VAT_Registered: boolean;
  Business_Type: string;
  Qualified_Boilers: boolean;
  Qualified_Cookers: boolean;
  Qualified_Gas_Fires: boolean;
  Qualified_Gas_Meters: boolean;
  Qualified_LPG: boolean;
  Qualified_Commercial: boolean;
  Additional_Information: string | null;
  Referral_Source: string | null;
  Gas_Safe_Card_Photo: GasSafePhoto | null;
}

export interface UpdateMentorProfileRequest extends Omit<MentorProfileFields, 'Gas_Safe_Card_Photo'> {
  /** A new image (data URL), the hash of the photo on file to keep it, or null for none. */
  Gas_Safe_Card_Photo: string | null;
  Terms_Agreed: boolean;
  Terms_Agreed_At: string;
}

/** GET /api/profile for a mentor: account fields plus the business profile (null while never saved). */
export type MentorProfileDetails = { [K in keyof MentorProfileFields]?: MentorProfileFields[K] | null } & {
  id?: string;
  First_Name?: string;
  Last_Name?: string;
  Email?: string;
  Terms_Agreed?: boolean;
  Terms_Agreed_At?: string | null;
  profile_completed?: boolean;
  vetted?: boolean;
  [field: string]: unknown;
};

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
      updateMentorProfile: build.mutation<
        { success?: boolean; message?: string; profile?: MentorProfileDetails; position?: number },
        UpdateMentorProfileRequest
      >({
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
