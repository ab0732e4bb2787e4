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
import { api, listTags } from '../../../lib/api';
import { pageSearch, toPage, type Page, type PageArgs } from '../../../lib/paging';
import type { SessionUser } from '../../../lib/session';

/** Read-model collections behind the admin screens (tags are named after them). */
const ADMIN_TAGS = [
  'accounts',
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

/** What the tables pass: paging (ruling 24; no cursor on the first page) and the list's filters. */
type Args<Q> = Omit<Q, 'cursor' | 'limit'> & PageArgs;

export interface HistoryEntry {
  id: string;
  action: 'locked' | 'unlocked' | 'vetted' | 'unvetted';
  at: string;
  actor_id: string | null;
  actor_name: string;
  actor_email: string | null;
  reason: string | null;
}

export interface AccountHistory {
  account: {
    id: string;
    role: string;
    Name: string;
    Email: string;
    account_locked: boolean;
    vetted: boolean;
    Created_At: string;
  };
  history: HistoryEntry[];
}

export interface SignInAttempt {
  id: string;
  at: string;
  email: string;
  account_id: string | null;
  outcome: 'succeeded' | 'invalid_credentials' | 'throttled' | 'incomplete';
  source_address: string;
  user_agent: string | null;
}

export interface AdminSignInResponse {
  token: string;
  user: SessionUser;
  role?: string;
}

export interface CommandAnswer {
  message?: string;
  position?: number;
}

/** Spec section 3 "Student registration payload". */
export interface StudentRegistration {
  First_Name: string;
  Last_Name: string;
  Email: string;
  Phone_Number: string;
  Postcode: string;
  Boiler_Installs: number;
  Boiler_Service: number;
  Pipework: number;
  Repair: number;
}

export interface StudentRegistered extends CommandAnswer {
  student: { id: string; First_Name: string; Last_Name: string; Email: string };
  temporary_password: string | null;
}

export const adminApi = api.enhanceEndpoints({ addTagTypes: ADMIN_TAGS }).injectEndpoints({
  endpoints: (build) => ({
    adminSignIn: build.mutation<AdminSignInResponse, { email: string; password: string }>({
      query: (body) => ({ url: '/admin/auth/signin', method: 'POST', body }),
    }),
    /** One page of each admin table (ruling 24): searched, sorted and filtered on the server. */
    adminStudents: build.query<Page<AdminStudent>, Args<AdminStudentsQuery>>({
      query: (args) => `/admin/users/students${pageSearch({ ...args })}`,
      transformResponse: (r: AdminStudentsPage, meta) => toPage(r.students, meta),
      providesTags: (page) => [...listTags('accounts', page?.items), { type: 'student_placements', id: 'LIST' }],
    }),
    adminMentors: build.query<Page<AdminMentor>, Args<AdminAccountsQuery>>({
      query: (args) => `/admin/users/mentors${pageSearch({ ...args })}`,
      transformResponse: (r: AdminMentorsPage, meta) => toPage(r.mentors, meta),
      providesTags: (page) => [...listTags('accounts', page?.items), { type: 'placement_parties', id: 'LIST' }],
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
      providesTags: (_r, _e, { id }) => [
        { type: 'account_history', id: 'LIST' },
        { type: 'accounts', id },
      ],
    }),
    placementCandidates: build.query<CandidateList, string>({
      query: (studentId) => ({ url: '/admin/placements/candidates', params: { student_id: studentId } }),
      providesTags: [
        { type: 'placement_parties', id: 'LIST' },
        { type: 'placements', id: 'LIST' },
        { type: 'accounts', id: 'LIST' },
      ],
    }),
    signInAttempts: build.query<SignInAttempt[], void>({
      query: () => '/admin/signin-attempts',
      transformResponse: (r: { attempts?: SignInAttempt[] }) => r.attempts ?? [],
      providesTags: [{ type: 'admin_signins', id: 'LIST' }],
    }),
    setLocked: build.mutation<CommandAnswer, { role: AdminUserRole; id: string; is_locked: boolean; reason?: string }>({
      query: ({ role, id, ...body }) => ({
        url: `/admin/users/${role}/${encodeURIComponent(id)}/lock`,
        method: 'PATCH',
        body,
      }),
      invalidatesTags: (_r, _e, { id }) => [
        { type: 'accounts', id },
        { type: 'accounts', id: 'LIST' },
        { type: 'account_history', id: 'LIST' },
      ],
    }),
    setVetted: build.mutation<CommandAnswer, { role: AdminUserRole; id: string; is_vetted: boolean; reason?: string }>({
      query: ({ role, id, ...body }) => ({
        url: `/admin/users/${role}/${encodeURIComponent(id)}/vet`,
        method: 'PATCH',
        body,
      }),
      invalidatesTags: (_r, _e, { id }) => [
        { type: 'accounts', id },
        { type: 'accounts', id: 'LIST' },
        { type: 'account_history', id: 'LIST' },
      ],
    }),
    proposePlacement: build.mutation<ProposePlacementResponse, ProposePlacementRequest>({
      query: (body) => ({ url: '/admin/placements', method: 'POST', body }),
      invalidatesTags: [
        { type: 'placements', id: 'LIST' },
        { type: 'student_placements', id: 'LIST' },
        { type: 'placement_parties', id: 'LIST' },
      ],
    }),
    endPlacement: build.mutation<PlacementCommandResponse, EndPlacementRequest & { id: string }>({
      query: ({ id, ...body }) => ({ url: `/admin/placements/${encodeURIComponent(id)}`, method: 'PATCH', body }),
      invalidatesTags: [
        { type: 'placements', id: 'LIST' },
        { type: 'student_placements', id: 'LIST' },
        { type: 'placement_parties', id: 'LIST' },
      ],
    }),
    registerIndependentStudent: build.mutation<StudentRegistered, StudentRegistration>({
      query: (body) => ({ url: '/admin/students', method: 'POST', body }),
      invalidatesTags: [
        { type: 'accounts', id: 'LIST' },
        { type: 'student_placements', id: 'LIST' },
      ],
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
  useSignInAttemptsQuery,
  useSetLockedMutation,
  useSetVettedMutation,
  useProposePlacementMutation,
  useEndPlacementMutation,
  useRegisterIndependentStudentMutation,
} = adminApi;
