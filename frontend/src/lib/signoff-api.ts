import type {
  ConfirmRequest,
  DisputeRequest,
  ResolveDisputeRequest,
  SignOffActionResponse,
  SignOffView,
} from '@panda/contracts/signoff';
import { api, listTags, wholeLists } from './api';
import { loadMorePages, PAGE_SIZE, pageSearch, toPage, type Page } from './paging';
import type { Job } from '@panda/contracts/training';

/**
 * Trainee countersign and dispute, and the admin's Disputes list (docs/rules.md#trainee-countersign). Tags are
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
    /**
     * The sign-off's id and the trainee's optional reflection (docs/rules.md#evidence), with the
     * `idempotencyKey` the outbox keeps when the send gets no answer (docs/rules.md#outbox).
     */
    confirmSignOff: build.mutation<
      SignOffActionResponse,
      { signatureId: string; idempotencyKey?: string } & ConfirmRequest
    >({
      query: ({ signatureId, idempotencyKey, reflection }) => ({
        url: `/signatures/${encodeURIComponent(signatureId)}/confirm`,
        method: 'POST',
        body: { reflection: reflection ?? null },
        headers: idempotencyKey ? { 'Idempotency-Key': idempotencyKey } : undefined,
      }),
      invalidatesTags: (result) => (result ? wholeLists('jobs', 'sign_offs') : []),
    }),
    disputeSignOff: build.mutation<
      SignOffActionResponse,
      { signatureId: string; idempotencyKey?: string } & DisputeRequest
    >({
      query: ({ signatureId, reason, idempotencyKey }) => ({
        url: `/signatures/${encodeURIComponent(signatureId)}/dispute`,
        method: 'POST',
        body: { reason },
        headers: idempotencyKey ? { 'Idempotency-Key': idempotencyKey } : undefined,
      }),
      invalidatesTags: (result) => (result ? wholeLists('jobs', 'sign_offs') : []),
    }),
    /** The admin's Disputes, 50 at a time ("Load more"). */
    getDisputes: build.infiniteQuery<Page<SignOffView>, 'open' | 'resolved', string | null>({
      infiniteQueryOptions: loadMorePages,
      query: ({ queryArg: status, pageParam }) =>
        `/admin/disputes${pageSearch({ status, limit: PAGE_SIZE, cursor: pageParam })}`,
      transformResponse: (items: SignOffView[], meta) => toPage(items, meta),
      providesTags: (data) => [
        { type: 'sign_offs', id: 'LIST' },
        ...(data?.pages ?? []).flatMap((p) => p.items.map((d) => ({ type: 'sign_offs' as const, id: d.signature_id }))),
      ],
    }),
    /** How many disputes await an admin (the Disputes tab's count): one row asked for, its X-Total-Count read. */
    openDisputesCount: build.query<number, void>({
      query: () => `/admin/disputes${pageSearch({ status: 'open', limit: 1 })}`,
      transformResponse: (items: SignOffView[], meta) => toPage(items, meta).total,
      providesTags: wholeLists('sign_offs'),
    }),
    resolveDispute: build.mutation<SignOffActionResponse, { signatureId: string } & ResolveDisputeRequest>({
      query: ({ signatureId, ...body }) => ({
        url: `/admin/disputes/${encodeURIComponent(signatureId)}/resolve`,
        method: 'POST',
        body,
      }),
      invalidatesTags: (result) => (result ? wholeLists('sign_offs', 'jobs', 'students') : []),
    }),
  }),
});

export const {
  useGetStudentSignOffsQuery,
  useConfirmSignOffMutation,
  useDisputeSignOffMutation,
  useGetDisputesInfiniteQuery,
  useOpenDisputesCountQuery,
  useResolveDisputeMutation,
} = signOffApi;
