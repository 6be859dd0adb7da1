import type { Profile, RegisterInput } from '@atelier/contracts';
import { api } from '../../lib/api';

export { authApi, authKeys } from '../../lib/auth-api';

export const registerApi = {
  register: (body: RegisterInput) => api<{ message: string }>('POST', '/auth/register', body),
  confirm: (token: string) => api<Profile>('POST', '/auth/register/confirm', { token }),
  checkInvitation: (token: string) =>
    api<{ email: string; first_name: string; firm_name: string }>('POST', '/auth/invitation/check', { token }),
  acceptInvitation: (body: { token: string; password: string }) =>
    api<Profile>('POST', '/auth/invitation/accept', body),
};
