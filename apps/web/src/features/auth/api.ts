import type { Profile, RegisterInput, ResetPasswordConfirm, SignInBody } from '@atelier/contracts';
import { api } from '../../lib/api';

export const authKeys = { profile: ['profile'] as const };

export const authApi = {
  restore: () => api<Profile>('GET', '/auth/'),
  signIn: (body: SignInBody) => api<Profile>('PUT', '/auth/', body),
  signOut: () => api<void>('DELETE', '/auth/'),
  requestReset: (email: string) => api<{ message: string }>('POST', '/auth/reset-password', { email }),
  checkReset: (token: string) => api<{ email: string }>('POST', '/auth/reset-password/check', { token }),
  confirmReset: (body: ResetPasswordConfirm) => api<{ message: string }>('POST', '/auth/reset-password/confirm', body),
};

export const registerApi = {
  register: (body: RegisterInput) => api<{ message: string }>('POST', '/auth/register', body),
  confirm: (token: string) => api<Profile>('POST', '/auth/register/confirm', { token }),
  checkInvitation: (token: string) =>
    api<{ email: string; first_name: string; firm_name: string }>('POST', '/auth/invitation/check', { token }),
  acceptInvitation: (body: { token: string; password: string }) =>
    api<Profile>('POST', '/auth/invitation/accept', body),
};
