import { api, listTags } from '../../../lib/api';
import { jobsFromResponse, type Job, type JobRequirementCounts } from '../../../lib/job-types';

/** GET /api/dashboard/overview as a student sees it (spec "Dashboard overview"). */
export interface StudentOverview {
  matched: boolean;
  /** Jobs with a non-zero total. */
  jobs_count: number;
  /** Jobs not yet complete. */
  active_jobs?: number;
  /** 'Independent' (straggler) or 'Training Centre'. */
  account_type?: string | null;
  placement_status?: string | null;
  training_centre_id?: string | null;
  training_centre_name?: string | null;
  mentor_name?: string | null;
  /** The active mentor while matched. */
  mentor?: MentorContact | null;
  notifications?: number;
  [field: string]: unknown;
}

/** The student's mentor as the overview carries it: business phone and e-mail, else the account's. */
export interface MentorContact {
  id: string;
  name: string;
  business_name: string | null;
  phone: string | null;
  email: string;
}

/** GET /api/students/job-requirements. */
export interface JobRequirementsResponse {
  requirements: JobRequirementCounts | null;
  has_requirements: boolean;
  additional_requirements?: string | null;
}

/** PUT /api/students/job-requirements. */
export interface SaveJobRequirementsRequest {
  boiler_installs_required: number;
  boiler_service_required: number;
  pipework_required: number;
  repair_required: number;
  additional_requirements: string;
}

export interface SaveJobRequirementsResponse extends Partial<JobRequirementsResponse> {
  message?: string;
  position?: number;
}

const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : Number(v) || 0);

function normaliseRequirements(raw: unknown): JobRequirementsResponse {
  const r = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  const req = r.requirements && typeof r.requirements === 'object' ? (r.requirements as Record<string, unknown>) : null;
  return {
    requirements: req
      ? {
          Boiler_Installs: num(req.Boiler_Installs),
          Boiler_Service: num(req.Boiler_Service),
          Pipework: num(req.Pipework),
          Repair: num(req.Repair),
        }
      : null,
    has_requirements: Boolean(r.has_requirements),
    additional_requirements: typeof r.additional_requirements === 'string' ? r.additional_requirements : null,
  };
}

/** Tags are named after read-model collections (training projection: students, jobs). */
export const studentApi = api
  .enhanceEndpoints({ addTagTypes: ['students', 'jobs', 'student_placements'] })
  .injectEndpoints({
    endpoints: (build) => ({
      getStudentOverview: build.query<StudentOverview, void>({
        query: () => '/dashboard/overview',
        providesTags: [
          { type: 'students', id: 'LIST' },
          { type: 'jobs', id: 'LIST' },
          { type: 'student_placements', id: 'LIST' },
        ],
      }),
      getStudentJobs: build.query<Job[], void>({
        query: () => '/jobs',
        transformResponse: jobsFromResponse,
        providesTags: (jobs) => listTags('jobs', jobs),
      }),
      getJobRequirements: build.query<JobRequirementsResponse, void>({
        query: () => '/students/job-requirements',
        transformResponse: normaliseRequirements,
        providesTags: [{ type: 'students', id: 'LIST' }],
      }),
      saveJobRequirements: build.mutation<SaveJobRequirementsResponse, SaveJobRequirementsRequest>({
        query: (body) => ({ url: '/students/job-requirements', method: 'PUT', body }),
        // The saved goals are known at once (the dialog may close), before the refetch lands.
        async onQueryStarted(body, { dispatch, queryFulfilled }) {
          try {
            const { data } = await queryFulfilled;
            const saved = normaliseRequirements({
              has_requirements: true,
              additional_requirements: body.additional_requirements || null,
              ...data,
            });
            if (!saved.requirements)
              saved.requirements = {
                Boiler_Installs: body.boiler_installs_required,
                Boiler_Service: body.boiler_service_required,
                Pipework: body.pipework_required,
                Repair: body.repair_required,
              };
            dispatch(
              studentApi.util.upsertQueryData('getJobRequirements', undefined, { ...saved, has_requirements: true }),
            );
          } catch {
            /* the caller shows the error */
          }
        },
        // Only a saved change invalidates (a failed save must not refetch under the open dialog).
        invalidatesTags: (result) =>
          result
            ? [
                { type: 'students', id: 'LIST' },
                { type: 'jobs', id: 'LIST' },
                { type: 'student_placements', id: 'LIST' },
              ]
            : [],
      }),
    }),
  });

export const {
  useGetStudentOverviewQuery,
  useGetStudentJobsQuery,
  useGetJobRequirementsQuery,
  useSaveJobRequirementsMutation,
} = studentApi;
