import type { Profile, ResetPasswordConfirm, SignInBody } from '@atelier/contracts';
import { api } from './api';

/** The session's calls: restore, sign in and out, and the password reset. */
export const authKeys = { profile: ['profile'] as const };

export const authApi = {
  restore: () => api<Profile>('GET', '/auth/'),
  signIn: (body: SignInBody) => api<Profile>('PUT', '/auth/', body),
  signOut: () => api<void>('DELETE', '/auth/'),
  requestReset: (email: string) => api<{ message: string }>('POST', '/auth/reset-password', { email }),
  checkReset: (token: string) => api<{ email: string }>('POST', '/auth/reset-password/check', { token }),
  confirmReset: (body: ResetPasswordConfirm) => api<{ message: string }>('POST', '/auth/reset-password/confirm', body),
};
