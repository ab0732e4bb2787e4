import { api, listTags } from '../../../lib/api';
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
  'placements',
  'student_placements',
  'placement_parties',
  'account_history',
  'admin_signins',
  'centre_stats',
] as const;

export type AdminUserRole = 'student' | 'mentor' | 'training_centre';
export type PlacementStatus = 'pending' | 'active' | 'completed' | 'cancelled';
export type JobType = 'Boiler Installs' | 'Boiler Service' | 'Pipework' | 'Repair';

/** Spec section 3 "Admin list item", plus what the admin screens show besides. */
export interface AdminListItem {
  id: string;
  First_Name?: string;
  first_name?: string;
  Last_Name?: string;
  last_name?: string;
  Email?: string;
  email?: string;
  Name?: string;
  Created_At?: string;
  created_at?: string;
  account_locked: boolean;
  vetted?: boolean;
}

export interface AdminStudent extends AdminListItem {
  Postcode: string | null;
  Phone_Number: string | null;
  training_centre_id: string | null;
  training_centre_name: string | null;
  account_type: 'Independent' | 'Training Centre';
  Matched: boolean;
  placement_status: PlacementStatus | null;
  placement_id: string | null;
  pending_placement_id: string | null;
  mentor: string | null;
  mentor_name: string | null;
}

export interface AdminMentor extends AdminListItem {
  vetted: boolean;
  Business_Name: string | null;
  Business_Postcode: string | null;
  profile_complete: boolean;
  student_count: number;
  pending_requests: number;
  Matched: boolean;
}

export interface AdminCentre extends AdminListItem {
  vetted: boolean;
  student_count: number;
}

export interface Person {
  id: string;
  name: string;
  email: string;
}

/** Spec section 3 "Placement". */
export interface Placement {
  id: string;
  /** The trainee's progress: job cards signed over cards required (issue 13). */
  cards_signed?: number;
  cards_required?: number;
  progress_percent?: number;
  Status: PlacementStatus | string;
  Placed_At: string | null;
  Proposed_At?: string;
  Ended_At?: string | null;
  Notes: string | null;
  proposal_notes?: string | null;
  end_notes?: string | null;
  decline_reason?: string | null;
  reasons?: string[];
  student_name: string;
  student_email: string;
  mentor_name: string;
  mentor_email: string;
  training_centre_name: string | null;
  training_centre_email: string | null;
  relationships: { student: Person; mentor: Person; training_centre: Person | null };
  Created_At?: string;
}

export interface Candidate {
  id: string;
  name: string;
  email: string;
  Business_Name: string | null;
  Business_Postcode: string | null;
  distance_km: number | null;
  active_students: number;
  pending_requests: number;
  capacity: number;
  free_capacity: number;
  qualified_for: JobType[];
  not_qualified_for: JobType[];
  score: number;
  rank: number;
  reasons: string[];
  rank_reason: string;
}

export interface CandidateList {
  student: {
    id: string;
    name: string;
    email: string;
    Postcode: string | null;
    account_type: string;
    training_centre_name: string | null;
    Matched: boolean;
    placement_status: PlacementStatus | null;
    needs: JobType[];
    blocked: string | null;
  };
  candidates: Candidate[];
  excluded: { id: string; name: string; email: string; reasons: string[] }[];
}

export interface CommandAnswer {
  message?: string;
  position?: number;
}

export const adminApi = api.enhanceEndpoints({ addTagTypes: ADMIN_TAGS }).injectEndpoints({
  endpoints: (build) => ({
    adminSignIn: build.mutation<SessionResponse, AdminSignInRequest>({
      query: (body) => ({ url: '/admin/auth/signin', method: 'POST', body }),
    }),
    adminStudents: build.query<AdminStudent[], void>({
      // Ruling 24 pages these lists: the tables still search and count in the browser, over the largest page.
      query: () => '/admin/users/students?limit=200',
      transformResponse: (r: { students?: AdminStudent[] }) => r.students ?? [],
      providesTags: (items) => [...listTags('accounts', items), { type: 'student_placements', id: 'LIST' }],
    }),
    adminMentors: build.query<AdminMentor[], void>({
      // Ruling 24 pages these lists: the tables still search and count in the browser, over the largest page.
      query: () => '/admin/users/mentors?limit=200',
      transformResponse: (r: { mentors?: AdminMentor[] }) => r.mentors ?? [],
      providesTags: (items) => [...listTags('accounts', items), { type: 'placement_parties', id: 'LIST' }],
    }),
    adminCentres: build.query<AdminCentre[], void>({
      // Ruling 24 pages these lists: the tables still search and count in the browser, over the largest page.
      query: () => '/admin/users/training-centres?limit=200',
      transformResponse: (r: { training_centres?: AdminCentre[] }) => r.training_centres ?? [],
      providesTags: (items) => [...listTags('accounts', items), { type: 'centre_stats', id: 'LIST' }],
    }),
    adminPlacements: build.query<Placement[], void>({
      // Ruling 24 pages these lists: the tables still search and count in the browser, over the largest page.
      query: () => '/admin/placements?limit=200',
      transformResponse: (r: { placements?: Placement[] }) => r.placements ?? [],
      providesTags: (items) => listTags('placements', items),
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
    signInAttempts: build.query<SignInAttemptsResponse['attempts'], void>({
      query: () => '/admin/signin-attempts',
      transformResponse: (r: SignInAttemptsResponse) => r.attempts,
      providesTags: [{ type: 'admin_signins', id: 'LIST' }],
    }),
    setLocked: build.mutation<LockResponse, { role: AdminUserRole; id: string } & LockRequest>({
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
    setVetted: build.mutation<VetResponse, { role: AdminUserRole; id: string } & VetRequest>({
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
    proposePlacement: build.mutation<
      CommandAnswer & { placement_id: string },
      { student_id: string; mentor_id: string; notes?: string }
    >({
      query: (body) => ({ url: '/admin/placements', method: 'POST', body }),
      invalidatesTags: [
        { type: 'placements', id: 'LIST' },
        { type: 'student_placements', id: 'LIST' },
        { type: 'placement_parties', id: 'LIST' },
      ],
    }),
    endPlacement: build.mutation<CommandAnswer, { id: string; status: 'completed' | 'cancelled'; notes?: string }>({
      query: ({ id, ...body }) => ({ url: `/admin/placements/${encodeURIComponent(id)}`, method: 'PATCH', body }),
      invalidatesTags: [
        { type: 'placements', id: 'LIST' },
        { type: 'student_placements', id: 'LIST' },
        { type: 'placement_parties', id: 'LIST' },
      ],
    }),
    registerIndependentStudent: build.mutation<StudentRegisteredResponse, StudentRegistrationRequest>({
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
