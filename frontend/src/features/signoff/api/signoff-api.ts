import type {
  DisputeRequest,
  ResolveDisputeRequest,
  SignOffActionResponse,
  SignOffView,
} from '@panda/contracts/signoff';
import { api, listTags } from '../../../lib/api';
import type { Job } from '@panda/contracts/training';

/**
 * Trainee countersign and dispute, and the admin's Disputes list (issue 14, ruling 31). Tags are
 * named after read-model collections: a sign-off changes `jobs` (its state in the job's history)
 * and `sign_offs`.
 */
export const signOffApi = api.enhanceEndpoints({ addTagTypes: ['jobs', 'sign_offs', 'students'] }).injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/jobs?student_id=: one student's jobs with their sign-offs (centre student detail). */
    getStudentSignOffs: build.query<Job[], string>({
      query: (studentId) => `/jobs?student_id=${encodeURIComponent(studentId)}`,
      providesTags: (jobs) => listTags('jobs', jobs),
    }),
    confirmSignOff: build.mutation<SignOffActionResponse, string>({
      query: (signatureId) => ({ url: `/signatures/${encodeURIComponent(signatureId)}/confirm`, method: 'POST' }),
      invalidatesTags: (result) =>
        result
          ? [
              { type: 'jobs', id: 'LIST' },
              { type: 'sign_offs', id: 'LIST' },
            ]
          : [],
    }),
    disputeSignOff: build.mutation<SignOffActionResponse, { signatureId: string } & DisputeRequest>({
      query: ({ signatureId, reason }) => ({
        url: `/signatures/${encodeURIComponent(signatureId)}/dispute`,
        method: 'POST',
        body: { reason },
      }),
      invalidatesTags: (result) =>
        result
          ? [
              { type: 'jobs', id: 'LIST' },
              { type: 'sign_offs', id: 'LIST' },
            ]
          : [],
    }),
    getDisputes: build.query<SignOffView[], 'open' | 'resolved'>({
      query: (status) => `/admin/disputes?status=${status}&limit=200`,
      providesTags: (items) => [
        { type: 'sign_offs', id: 'LIST' },
        ...(items ?? []).map((d) => ({ type: 'sign_offs' as const, id: d.signature_id })),
      ],
    }),
    resolveDispute: build.mutation<SignOffActionResponse, { signatureId: string } & ResolveDisputeRequest>({
      query: ({ signatureId, ...body }) => ({
        url: `/admin/disputes/${encodeURIComponent(signatureId)}/resolve`,
        method: 'POST',
        body,
      }),
      invalidatesTags: (result) =>
        result
          ? [
              { type: 'sign_offs', id: 'LIST' },
              { type: 'jobs', id: 'LIST' },
              { type: 'students', id: 'LIST' },
            ]
          : [],
    }),
  }),
});

export const {
  useGetStudentSignOffsQuery,
  useConfirmSignOffMutation,
  useDisputeSignOffMutation,
  useGetDisputesQuery,
  useResolveDisputeMutation,
} = signOffApi;
