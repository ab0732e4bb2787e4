import type {
  Job,
  JobRequirementsRequest,
  JobRequirementsResponse,
  SaveJobRequirementsResponse,
  StudentOverview,
} from '@panda/contracts/training';
import { api, listTags, wholeLists } from '../../../lib/api';

/** Tags are named after read-model collections (training projection: students, jobs). */
export const studentApi = api
  .enhanceEndpoints({ addTagTypes: ['students', 'jobs', 'student_placements'] })
  .injectEndpoints({
    endpoints: (build) => ({
      getStudentOverview: build.query<StudentOverview, void>({
        query: () => '/dashboard/overview',
        providesTags: wholeLists('students', 'jobs', 'student_placements'),
      }),
      getStudentJobs: build.query<Job[], void>({
        query: () => '/jobs',
        providesTags: (jobs) => listTags('jobs', jobs),
      }),
      getJobRequirements: build.query<JobRequirementsResponse, void>({
        query: () => '/students/job-requirements',
        providesTags: wholeLists('students'),
      }),
      saveJobRequirements: build.mutation<SaveJobRequirementsResponse, JobRequirementsRequest>({
        query: (body) => ({ url: '/students/job-requirements', method: 'PUT', body }),
        // The saved goals are known at once (the dialog may close), before the refetch lands.
        async onQueryStarted(_body, { dispatch, queryFulfilled }) {
          try {
            const { data } = await queryFulfilled;
            dispatch(
              studentApi.util.updateQueryData('getJobRequirements', undefined, (draft) => {
                draft.requirements = data.requirements;
                draft.additional_requirements = data.additional_requirements;
                draft.has_requirements = data.has_requirements;
              }),
            );
          } catch {
            /* the caller shows the error */
          }
        },
        // Only a saved change invalidates (a failed save must not refetch under the open dialog).
        invalidatesTags: (result) => (result ? wholeLists('students', 'jobs', 'student_placements') : []),
      }),
    }),
  });

export const {
  useGetStudentOverviewQuery,
  useGetStudentJobsQuery,
  useGetJobRequirementsQuery,
  useSaveJobRequirementsMutation,
} = studentApi;
