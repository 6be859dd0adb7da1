import type { Department, InvitationInput, Role, RoleInput, StaffMember } from '@atelier/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { authKeys } from '../auth/api';

export const organizationKeys = {
  roles: ['roles'] as const,
  departments: ['departments'] as const,
  staff: ['staff'] as const,
};

export const useRoles = (enabled = true) =>
  useQuery({ queryKey: organizationKeys.roles, queryFn: () => api<Role[]>('GET', '/roles'), enabled });
export const useDepartments = (enabled = true) =>
  useQuery({
    queryKey: organizationKeys.departments,
    queryFn: () => api<Department[]>('GET', '/departments'),
    enabled,
  });
export const useStaff = (enabled = true) =>
  useQuery({ queryKey: organizationKeys.staff, queryFn: () => api<StaffMember[]>('GET', '/staff'), enabled });

/** Role changes can change what the signed-in user may do, so the profile is refreshed too. */
function useInvalidating<TArgs, TResult>(fn: (args: TArgs) => Promise<TResult>, keys: readonly (readonly string[])[]) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => {
      for (const key of keys) queryClient.invalidateQueries({ queryKey: key });
    },
  });
}

const all = [organizationKeys.roles, organizationKeys.staff, organizationKeys.departments, authKeys.profile];

export const useSaveRole = () =>
  useInvalidating(
    ({ id, ...input }: RoleInput & { id?: string; version?: number }) =>
      id ? api<Role>('PUT', `/roles/${id}`, input) : api<Role>('POST', '/roles', input),
    all,
  );
export const useDeleteRole = () => useInvalidating((id: string) => api<void>('DELETE', `/roles/${id}`), all);
export const useSaveDepartment = () =>
  useInvalidating(
    ({ id, version, name }: { id?: string; version?: number; name: string }) =>
      id
        ? api<Department>('PUT', `/departments/${id}`, { name, version })
        : api<Department>('POST', '/departments', { name }),
    all,
  );
export const useDeleteDepartment = () =>
  useInvalidating((id: string) => api<void>('DELETE', `/departments/${id}`), all);
export const useSetStaffRoles = () =>
  useInvalidating(
    ({ id, roles }: { id: string; roles: string[] }) => api<StaffMember>('PUT', `/staff/${id}/roles`, { roles }),
    all,
  );
export const useInvite = () =>
  useInvalidating(
    (input: InvitationInput) => api<StaffMember>('POST', '/invitations', input),
    [...all, ['list', '/employees']],
  );
export const useResendInvitation = () =>
  useInvalidating((id: string) => api<void>('POST', `/invitations/${id}/resend`), []);
