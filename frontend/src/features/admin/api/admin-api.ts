import type {
  AdminAccountsQuery,
  AdminCentre,
  AdminCentresPage,
  AdminMentor,
  AdminMentorsPage,
  AdminPlacement,
  AdminPlacementsPage,
  AdminPlacementsQuery,
  AdminStudent,
  AdminStudentsPage,
  AdminStudentsQuery,
} from '@panda/contracts/admin';
import type {
  CandidateList,
  EndPlacementRequest,
  PlacementCommandResponse,
  ProposePlacementRequest,
  ProposePlacementResponse,
} from '@panda/contracts/placements';
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
  AccountHistory,
  LockRequest,
  LockResponse,
  SessionResponse,
  AdminSignInRequest,
  SignInAttemptsResponse,
  StudentRegisteredResponse,
  StudentRegistrationRequest,
  VetRequest,
  VetResponse,
} from '@panda/contracts/accounts';

/** Read-model collections behind the admin screens (tags are named after them). */
const ADMIN_TAGS = [
  'accounts',
  'admin_student_rows',
  'admin_mentor_rows',
  'placements',
  'student_placements',
  'placement_parties',
  'account_history',
  'admin_signins',
  'centre_stats',
] as const;

export type AdminUserRole = 'student' | 'mentor' | 'training_centre';
export type PlacementStatus = 'pending' | 'active' | 'completed' | 'cancelled';

/** Spec section 3 "Placement", as the admin placements table answers it. */
export type Placement = AdminPlacement;

/** What the tables pass: paging (docs/rules.md#list-paging; no cursor on the first page) and the list's filters. */
type Args<Q> = Omit<Q, 'cursor' | 'limit'> & PageArgs;

type AccountAction = { role: AdminUserRole; id: string };

/** PATCH of one account (lock, vet): the account, every account list and the history refetch. */
const accountAction = (action: 'lock' | 'vet') => ({
  query: ({ role, id, ...body }: AccountAction & Record<string, unknown>) => ({
    url: `/admin/users/${role}/${encodeURIComponent(id)}/${action}`,
    method: 'PATCH',
    body,
  }),
  invalidatesTags: (_r: unknown, _e: unknown, { id }: AccountAction) => [
    { type: 'accounts' as const, id },
    ...wholeLists('accounts', 'account_history'),
  ],
});

export const adminApi = api.enhanceEndpoints({ addTagTypes: ADMIN_TAGS }).injectEndpoints({
  endpoints: (build) => ({
    adminSignIn: build.mutation<SessionResponse, AdminSignInRequest>({
      query: (body) => ({ url: '/admin/auth/signin', method: 'POST', body }),
    }),
    /** One page of each admin table (docs/rules.md#list-paging): searched, sorted and filtered on the server. */
    adminStudents: build.query<Page<AdminStudent>, Args<AdminStudentsQuery>>({
      query: (args) => `/admin/users/students${pageSearch({ ...args })}`,
      transformResponse: (r: AdminStudentsPage, meta) => toPage(r.students, meta),
      // Its rows (read-models/admin-student-rows), and what the admin's own changes to them invalidate.
      providesTags: (page) => [
        ...listTags('admin_student_rows', page?.items),
        ...listTags('accounts', page?.items),
        { type: 'student_placements', id: 'LIST' },
      ],
    }),
    adminMentors: build.query<Page<AdminMentor>, Args<AdminAccountsQuery>>({
      query: (args) => `/admin/users/mentors${pageSearch({ ...args })}`,
      transformResponse: (r: AdminMentorsPage, meta) => toPage(r.mentors, meta),
      // Its rows (read-models/admin-mentor-rows), and what the admin's own changes to them invalidate.
      providesTags: (page) => [...listTags('admin_mentor_rows', page?.items), ...listTags('accounts', page?.items)],
    }),
    adminCentres: build.query<Page<AdminCentre>, Args<AdminAccountsQuery>>({
      query: (args) => `/admin/users/training-centres${pageSearch({ ...args })}`,
      transformResponse: (r: AdminCentresPage, meta) => toPage(r.training_centres, meta),
      providesTags: (page) => [...listTags('accounts', page?.items), { type: 'centre_stats', id: 'LIST' }],
    }),
    adminPlacements: build.query<Page<AdminPlacement>, Args<AdminPlacementsQuery>>({
      query: (args) => `/admin/placements${pageSearch({ ...args })}`,
      transformResponse: (r: AdminPlacementsPage, meta) => toPage(r.placements, meta),
      providesTags: (page) => listTags('placements', page?.items),
    }),
    accountHistory: build.query<AccountHistory, { role: AdminUserRole; id: string }>({
      query: ({ role, id }) => `/admin/users/${role}/${encodeURIComponent(id)}/history`,
      providesTags: (_r, _e, { id }) => [...wholeLists('account_history'), { type: 'accounts', id }],
    }),
    placementCandidates: build.query<CandidateList, string>({
      query: (studentId) => ({ url: '/admin/placements/candidates', params: { student_id: studentId } }),
      providesTags: wholeLists('placement_parties', 'placements', 'accounts'),
    }),
    /** The sign-in log, newest first, 50 at a time ("Load more"). */
    signInAttempts: build.infiniteQuery<Page<SignInAttemptsResponse['attempts'][number]>, void, string | null>({
      infiniteQueryOptions: loadMorePages,
      query: ({ pageParam }) => `/admin/signin-attempts${pageSearch({ limit: PAGE_SIZE, cursor: pageParam })}`,
      transformResponse: (r: SignInAttemptsResponse, meta) => toPage(r.attempts, meta),
      providesTags: (data) => loadedTags('admin_signins', data),
    }),
    setLocked: build.mutation<LockResponse, AccountAction & LockRequest>(accountAction('lock')),
    setVetted: build.mutation<VetResponse, AccountAction & VetRequest>(accountAction('vet')),
    proposePlacement: build.mutation<ProposePlacementResponse, ProposePlacementRequest>({
      query: (body) => ({ url: '/admin/placements', method: 'POST', body }),
      invalidatesTags: wholeLists('placements', 'student_placements', 'placement_parties', 'admin_mentor_rows'),
    }),
    endPlacement: build.mutation<PlacementCommandResponse, EndPlacementRequest & { id: string }>({
      query: ({ id, ...body }) => ({ url: `/admin/placements/${encodeURIComponent(id)}`, method: 'PATCH', body }),
      invalidatesTags: wholeLists('placements', 'student_placements', 'placement_parties', 'admin_mentor_rows'),
    }),
    registerIndependentStudent: build.mutation<StudentRegisteredResponse, StudentRegistrationRequest>({
      query: (body) => ({ url: '/admin/students', method: 'POST', body }),
      invalidatesTags: wholeLists('accounts', 'student_placements'),
    }),
  }),
});

export const {
  useAdminSignInMutation,
  useAdminStudentsQuery,
  useAdminMentorsQuery,
  useAdminCentresQuery,
  useAdminPlacementsQuery,
  useAccountHistoryQuery,
  usePlacementCandidatesQuery,
  useSignInAttemptsInfiniteQuery,
  useSetLockedMutation,
  useSetVettedMutation,
  useProposePlacementMutation,
  useEndPlacementMutation,
  useRegisterIndependentStudentMutation,
} = adminApi;
