import type {
  CandidateList,
  EndPlacementRequest,
  PlacementCommandResponse,
  ProposePlacementRequest,
  ProposePlacementResponse,
} from '@panda/contracts/placements';
import { api, listTags } from '../../../lib/api';
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
