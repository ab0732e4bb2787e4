import { api, listTags } from '../../../lib/api';
import { jobsFromResponse, type Job, type MentorSignature, type SignedCard } from '../../../lib/job-types';

/** GET /api/dashboard/overview as a mentor sees it (spec "Dashboard overview"). */
export interface MentorOverview {
  /** True while the mentor has at least one active placement (ruling 5). */
  matched: boolean;
  /** Job cards the mentor signed (Jobs Supervised). */
  jobs_completed: number;
  student_count?: number;
  /** Students placed with the mentor (active placements). */
  active_students?: number;
  jobs_supervised?: number;
  notifications?: number;
  [field: string]: unknown;
}

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

export interface CompleteJobRequest {
  id: string;
  mentor_signature: MentorSignature;
  completed_at: string;
}

export interface CompleteJobResponse {
  success?: boolean;
  message?: string;
  job?: Job;
  position?: number;
}

/** GET /api/jobs/{id}: the job, its student and every signed card (oldest first). */
export interface JobDetail {
  job: Job;
  student: {
    id: string;
    Name?: string;
    Email?: string | null;
    Phone_Number?: string | null;
    Postcode?: string | null;
  } | null;
  signatures: SignedCard[];
}

function toJobDetail(raw: unknown): JobDetail {
  const r = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  // Tolerate a bare job document too.
  const job = (r.job && typeof r.job === 'object' ? r.job : r) as Job;
  const signatures = Array.isArray(r.signatures)
    ? (r.signatures as SignedCard[])
    : Array.isArray(job.signatures)
      ? job.signatures
      : [];
  const student =
    r.student && typeof r.student === 'object'
      ? (r.student as JobDetail['student'])
      : {
          id: job.Student_ID,
          Name: job.Student_Name,
          Email: job.student_email,
          Phone_Number: job.student_phone,
          Postcode: job.student_postcode,
        };
  return { job, student, signatures };
}

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
        transformResponse: jobsFromResponse,
        providesTags: (jobs) => listTags('jobs', jobs),
      }),
      getMentorJobDetail: build.query<JobDetail, string>({
        query: (id) => `/jobs/${encodeURIComponent(id)}`,
        transformResponse: toJobDetail,
        providesTags: (_r, _e, id) => [
          { type: 'jobs', id },
          { type: 'jobs', id: 'LIST' },
        ],
      }),
      completeJob: build.mutation<CompleteJobResponse, CompleteJobRequest>({
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
