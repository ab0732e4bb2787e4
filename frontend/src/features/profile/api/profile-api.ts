import { api } from '../../../lib/api';
import type { SessionUser } from '../../../lib/session';

/** Profile Settings calls (spec section 7 "Profile"): GET/PUT /api/profile, PUT /api/change-password. */

/** The profile as GET /api/profile answers it (spec section 3 field names; role-specific fields optional). */
export interface Profile {
  id?: string;
  role?: string;
  First_Name?: string | null;
  Last_Name?: string | null;
  /** Training centre name for centres. */
  Name?: string | null;
  Email?: string | null;
  Phone_Number?: string | null;
  Postcode?: string | null;
  Date_Of_Birth?: string | null;
  Business_Name?: string | null;
  Gas_Safe_Registration_Number?: string | null;
  Business_Type?: string | null;
  Business_Postcode?: string | null;
  Boiler_Installs?: number | null;
  Boiler_Service?: number | null;
  Pipework?: number | null;
  Repair?: number | null;
  job_requirements?: Partial<Record<'Boiler_Installs' | 'Boiler_Service' | 'Pipework' | 'Repair', number>> | null;
  requirements?: Partial<Record<'Boiler_Installs' | 'Boiler_Service' | 'Pipework' | 'Repair', number>> | null;
  centre_id?: string | null;
  account_type?: string | null;
  Created_At?: string | null;
  [field: string]: unknown;
}

export type ProfileUpdate = Record<string, string | null>;

export interface ProfileUpdateResponse {
  success?: boolean;
  message?: string;
  changed?: boolean;
  user?: SessionUser;
  position?: number;
}

export interface PasswordChangeRequest {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

/** Collections a profile is read from: a change pushed for any of them refreshes the form. */
const PROFILE_SOURCES = ['accounts', 'mentor_profiles', 'students'] as const;

function unwrapProfile(raw: unknown): Profile {
  if (!raw || typeof raw !== 'object') return {};
  const r = raw as Record<string, unknown>;
  for (const key of ['profile', 'data', 'user']) {
    const inner = r[key];
    if (inner && typeof inner === 'object' && !Array.isArray(inner))
      return { ...(r as Profile), ...(inner as Profile) };
  }
  return r as Profile;
}

export const profileApi = api.enhanceEndpoints({ addTagTypes: PROFILE_SOURCES }).injectEndpoints({
  endpoints: (build) => ({
    getProfile: build.query<Profile, void>({
      query: () => '/profile',
      transformResponse: unwrapProfile,
      providesTags: (result) => [
        ...PROFILE_SOURCES.map((type) => ({ type, id: 'LIST' as const })),
        ...(result?.id ? PROFILE_SOURCES.map((type) => ({ type, id: String(result.id) })) : []),
      ],
    }),
    updateProfile: build.mutation<ProfileUpdateResponse, ProfileUpdate>({
      query: (body) => ({ url: '/profile', method: 'PUT', body }),
      invalidatesTags: (result, error) =>
        error || !result ? [] : PROFILE_SOURCES.map((type) => ({ type, id: 'LIST' as const })),
    }),
    changeAccountPassword: build.mutation<{ message?: string; position?: number }, PasswordChangeRequest>({
      query: (body) => ({ url: '/change-password', method: 'PUT', body }),
    }),
  }),
});

export const { useGetProfileQuery, useUpdateProfileMutation, useChangeAccountPasswordMutation } = profileApi;
