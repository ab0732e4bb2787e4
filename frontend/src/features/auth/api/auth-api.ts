import type {
  ChangePasswordRequest,
  ChangePasswordResponse,
  ForgotPasswordRequest,
  MessageResponse,
  SessionResponse,
  SignInRequest,
  SignUpRequest,
  SignUpResponse,
} from '@panda/contracts/accounts';
import { api } from '../../../lib/api';

export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    signIn: build.mutation<SessionResponse, SignInRequest>({
      query: (body) => ({ url: '/auth/signin', method: 'POST', body }),
    }),
    signUp: build.mutation<SignUpResponse, SignUpRequest>({
      query: (body) => ({ url: '/auth/signup', method: 'POST', body }),
    }),
    forgotPassword: build.mutation<MessageResponse, ForgotPasswordRequest>({
      query: (body) => ({ url: '/auth/forgot-password', method: 'POST', body }),
    }),
    changePassword: build.mutation<ChangePasswordResponse, ChangePasswordRequest>({
      query: (body) => ({ url: '/change-password', method: 'PUT', body }),
    }),
  }),
});

export const { useSignInMutation, useSignUpMutation, useForgotPasswordMutation, useChangePasswordMutation } = authApi;
