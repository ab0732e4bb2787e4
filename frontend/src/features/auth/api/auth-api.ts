import { api } from '../../../lib/api';
import type { SessionUser } from '../../../lib/session';

export type SignUpRole = 'mentor' | 'training_centre';

export interface SignInRequest {
  Email: string;
  Password: string;
}

export interface SignUpRequest {
  First_Name: string;
  Last_Name: string;
  Email: string;
  Password: string;
  Role: SignUpRole;
  Training_Centre_Name?: string;
}

export interface AuthResponse {
  token: string;
  user: SessionUser;
  role?: string;
  position?: number;
}

export interface ForgotPasswordRequest {
  email: string;
}

export interface ChangePasswordRequest {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

export interface MessageResponse {
  message?: string;
  position?: number;
}

export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    signIn: build.mutation<AuthResponse, SignInRequest>({
      query: (body) => ({ url: '/auth/signin', method: 'POST', body }),
    }),
    signUp: build.mutation<AuthResponse, SignUpRequest>({
      query: (body) => ({ url: '/auth/signup', method: 'POST', body }),
    }),
    forgotPassword: build.mutation<MessageResponse, ForgotPasswordRequest>({
      query: (body) => ({ url: '/auth/forgot-password', method: 'POST', body }),
    }),
    changePassword: build.mutation<MessageResponse, ChangePasswordRequest>({
      query: (body) => ({ url: '/change-password', method: 'PUT', body }),
    }),
  }),
});

export const { useSignInMutation, useSignUpMutation, useForgotPasswordMutation, useChangePasswordMutation } = authApi;
