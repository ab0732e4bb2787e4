import { api, listTags } from '../../../lib/api';
import { pageSearch, toPage, type Page, type PageArgs } from '../../../lib/paging';

/**
 * Training centre calls (spec section 7 "Students, jobs, dashboard"; docs/api-training.md):
 * GET /api/dashboard/overview, GET /api/vetting-status, POST /api/register-student,
 * GET /api/my-students, GET /api/my-students/{id}.
 * Tags are the read-model collections the answers come from (pushed `changed` invalidates them).
 */

export interface JobRequirementCounts {
  Boiler_Installs: number;
  Boiler_Service: number;
  Pipework: number;
  Repair: number;
}

export interface StudentJobProgress {
  id: string;
  Job_Type: string;
  Total_Count: number;
  Completed_Count: number;
  percent?: number;
  is_complete?: boolean;
}

export interface StudentCard extends Partial<JobRequirementCounts> {
  id: string;
  First_Name: string;
  Last_Name: string;
  Name?: string;
  Email: string;
  Phone_Number?: string | null;
  Postcode?: string | null;
  Date_Of_Birth?: string | null;
  Created_At?: string | null;
  created_at?: string | null;
  account_type?: string;
  Matched?: boolean;
  status?: string;
  placement_status?: string | null;
  placement_id?: string | null;
  mentor_id?: string | null;
  job_requirements?: Partial<JobRequirementCounts> | null;
  has_requirements?: boolean;
  /** Progress at a glance: job cards signed over cards required (open jobs). */
  cards_signed?: number;
  cards_required?: number;
  progress_percent?: number;
  jobs?: StudentJobProgress[];
}

export interface PersonRef {
  id: string;
  name: string;
  email: string;
}

export interface StudentDetail extends StudentCard {
  mentor?: PersonRef | null;
  training_centre?: PersonRef | null;
  registration?: { registered_at?: string | null; temporary_password_unused?: boolean } | null;
  job_details?: StudentJobProgress[];
}

export interface CentreOverview {
  role?: string;
  student_count?: number;
  total_students?: number;
  placed_students?: number;
  awaiting_placement?: number;
  placement_rate?: number;
  latest_registration?: {
    id: string;
    First_Name?: string;
    Last_Name?: string;
    Name?: string;
    Email?: string;
    Created_At?: string;
    Matched?: boolean;
  } | null;
}

export interface VettingStatus {
  vetted: boolean;
  message?: string;
}

/** Spec section 3 "Student registration payload"; empty optional values are left out. */
export interface RegisterStudentRequest extends JobRequirementCounts {
  First_Name: string;
  Last_Name: string;
  Email: string;
  Phone_Number: string;
  Postcode: string;
  Date_Of_Birth?: string;
}

export interface RegisterStudentResponse {
  message?: string;
  student: { id: string; First_Name: string; Last_Name: string; Email: string; account_type?: string };
  /** Shown once on the success screen (ruling 9); null when the request was a retry. */
  temporary_password?: string | null;
  position?: number;
}

const TAGS = ['students', 'centre_stats', 'accounts', 'jobs'] as const;

export const trainingCentreApi = api.enhanceEndpoints({ addTagTypes: TAGS }).injectEndpoints({
  endpoints: (build) => ({
    getCentreOverview: build.query<CentreOverview, void>({
      query: () => '/dashboard/overview',
      providesTags: [
        { type: 'centre_stats', id: 'LIST' },
        { type: 'students', id: 'LIST' },
      ],
    }),
    getVettingStatus: build.query<VettingStatus, void>({
      query: () => '/vetting-status',
      providesTags: [{ type: 'accounts', id: 'LIST' }],
    }),
    /** One page of the centre's students (ruling 24): searched and sorted on the server. */
    getMyStudents: build.query<Page<StudentCard>, PageArgs>({
      query: (args) => `/my-students${pageSearch({ ...args })}`,
      transformResponse: (raw: StudentCard[], meta) => toPage(raw, meta),
      providesTags: (result) => listTags('students', result?.items),
    }),
    getStudentDetail: build.query<StudentDetail, string>({
      query: (id) => `/my-students/${encodeURIComponent(id)}`,
      providesTags: (_result, _error, id) => [
        { type: 'students', id },
        { type: 'accounts', id },
        { type: 'jobs', id: 'LIST' },
      ],
    }),
    registerStudent: build.mutation<RegisterStudentResponse, RegisterStudentRequest>({
      query: (body) => ({ url: '/register-student', method: 'POST', body }),
      invalidatesTags: (result) =>
        result
          ? [
              { type: 'students', id: 'LIST' },
              { type: 'centre_stats', id: 'LIST' },
            ]
          : [],
    }),
  }),
});

export const {
  useGetCentreOverviewQuery,
  useGetVettingStatusQuery,
  useGetMyStudentsQuery,
  useGetStudentDetailQuery,
  useRegisterStudentMutation,
} = trainingCentreApi;
