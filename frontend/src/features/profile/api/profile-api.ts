import type {
  ChangePasswordRequest,
  ChangePasswordResponse,
  Profile,
  ProfileSettingsRequest,
  UpdateProfileResponse,
} from '@panda/contracts/accounts';
import { api, wholeLists } from '../../../lib/api';

/** Profile Settings calls (spec section 7 "Profile"): GET/PUT /api/profile, PUT /api/change-password. */

/** Collections a profile is read from: a change pushed for any of them refreshes the form. */
const PROFILE_SOURCES = ['accounts', 'mentor_profiles', 'students'] as const;

export const profileApi = api.enhanceEndpoints({ addTagTypes: PROFILE_SOURCES }).injectEndpoints({
  endpoints: (build) => ({
    getProfile: build.query<Profile, void>({
      query: () => '/profile',
      providesTags: (result) => [
        ...wholeLists(...PROFILE_SOURCES),
        ...(result ? PROFILE_SOURCES.map((type) => ({ type, id: result.id })) : []),
      ],
    }),
    updateProfile: build.mutation<UpdateProfileResponse, ProfileSettingsRequest>({
      query: (body) => ({ url: '/profile', method: 'PUT', body }),
      invalidatesTags: (result, error) => (error || !result ? [] : wholeLists(...PROFILE_SOURCES)),
    }),
    changeAccountPassword: build.mutation<ChangePasswordResponse, ChangePasswordRequest>({
      query: (body) => ({ url: '/change-password', method: 'PUT', body }),
    }),
  }),
});

export const { useGetProfileQuery, useUpdateProfileMutation, useChangeAccountPasswordMutation } = profileApi;
