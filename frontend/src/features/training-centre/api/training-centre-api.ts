import type { VettingStatus } from '@panda/contracts/accounts';
import type {
  BulkRegistrationResponse,
  CaseloadRow,
  CentreOverview,
  RegisterStudentResponse,
  ResendInviteResponse,
  StudentDetail,
  StudentRegistrationRequest,
} from '@panda/contracts/training';
import { api, listTags, wholeLists } from '../../../lib/api';
import { pageSearch, toPage, type Page, type PageArgs } from '../../../lib/paging';

/**
 * Training centre calls (spec section 7 "Students, jobs, dashboard"; docs/api-training.md):
 * GET /api/dashboard/overview, GET /api/vetting-status, POST /api/register-student,
 * GET /api/my-students, GET /api/my-students/{id}, POST /api/students/{id}/resend-invite.
 * Tags are the read-model collections the answers come from (pushed `changed` invalidates them).
 */

/** The caseload's paging plus its at-risk filter ('true' / 'false'; none is all). */
export type CaseloadArgs = PageArgs & { at_risk?: 'true' | 'false' };

const TAGS = ['students', 'centre_stats', 'accounts', 'jobs'] as const;

/**
 * How long one read of Student Details may take before it counts as failed. The server answers a read
 * within seconds, or 503 once its bounded wait for the read models runs out (docs/api-conventions.md);
 * this bounds a request that gets no answer at all (a stalled connection, a server too busy to answer).
 */
export const STUDENT_DETAIL_TIMEOUT_MS = 20_000;

export const trainingCentreApi = api.enhanceEndpoints({ addTagTypes: TAGS }).injectEndpoints({
  endpoints: (build) => ({
    getCentreOverview: build.query<CentreOverview, void>({
      query: () => '/dashboard/overview',
      providesTags: wholeLists('centre_stats', 'students'),
    }),
    getVettingStatus: build.query<VettingStatus, void>({
      query: () => '/vetting-status',
      providesTags: wholeLists('accounts'),
    }),
    /**
     * One page of the centre's caseload (docs/rules.md#list-paging, docs/rules.md#centre-caseload): searched,
     * sorted and filtered by `at_risk` on the server.
     */
    getMyStudents: build.query<Page<CaseloadRow>, CaseloadArgs>({
      query: (args) => `/my-students${pageSearch({ ...args })}`,
      transformResponse: (raw: CaseloadRow[], meta) => toPage(raw, meta),
      providesTags: (result) => listTags('students', result?.items),
    }),
    getStudentDetail: build.query<StudentDetail, string>({
      // Bounded (docs/rules.md#no-endless-loading): an answer that never comes is a failure with Retry.
      query: (id) => ({ url: `/my-students/${encodeURIComponent(id)}`, timeout: STUDENT_DETAIL_TIMEOUT_MS }),
      providesTags: (_result, _error, id) => [
        { type: 'students', id },
        { type: 'accounts', id },
        { type: 'jobs', id: 'LIST' },
      ],
    }),
    registerStudent: build.mutation<RegisterStudentResponse, StudentRegistrationRequest>({
      query: (body) => ({ url: '/register-student', method: 'POST', body }),
      invalidatesTags: (result) => (result ? wholeLists('students', 'centre_stats') : []),
    }),
    /**
     * Bulk onboarding (docs/rules.md#centre-caseload): the CSV file's bytes as the raw body, unread (the
     * server judges the encoding); all rows or none.
     */
    registerStudents: build.mutation<BulkRegistrationResponse, Uint8Array>({
      query: (file) => ({
        url: '/register-students',
        method: 'POST',
        body: file,
        headers: { 'Content-Type': 'text/csv' },
      }),
      invalidatesTags: (result) => (result ? wholeLists('students', 'centre_stats') : []),
    }),
    /** A new invitation (docs/rules.md#centre-caseload): a new temporary password, shown once; the old one ends. */
    resendInvite: build.mutation<ResendInviteResponse, string>({
      query: (id) => ({ url: `/students/${encodeURIComponent(id)}/resend-invite`, method: 'POST' }),
      invalidatesTags: (result, _error, id) =>
        result
          ? [
              { type: 'students', id: 'LIST' },
              { type: 'students', id },
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
  useRegisterStudentsMutation,
  useResendInviteMutation,
} = trainingCentreApi;
