import {
  type Employee,
  type EmployeeInput,
  type EmployeeStatus,
  type EmployeeTime,
  KINDS,
  type OpenRecords,
} from '@atelier/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { recordResource } from '../../components/record/resource';
import { api } from '../../lib/api';

export const employees = recordResource<Employee, EmployeeInput>(KINDS.employee);

export const STATUS_LABELS: Record<EmployeeStatus, string> = {
  active: 'Active',
  invited: 'Invited',
  inactive: 'Deactivated',
};
export const STATUS_COLORS: Record<EmployeeStatus, string> = { active: 'green', invited: 'yellow', inactive: 'gray' };

/** What they still have assigned, asked when the deactivate dialog opens. */
export const useOpenRecords = (id: string, enabled: boolean) =>
  useQuery({
    queryKey: [...employees.detailsKey(id), 'open-records'],
    queryFn: () => api<OpenRecords>('GET', `${employees.path(id)}/open-records`),
    enabled,
  });

/** Deactivating can hand records of every kind to someone else: every list is refreshed. */
export function useDeactivate(id: string) {
  const queryClient = useQueryClient();
  return employees.useMutationOf(id, async (reassignTo: string | null) => {
    const result = await api<{ employee: Employee; reassigned: number }>('POST', `${employees.path(id)}/deactivate`, {
      reassignTo,
    });
    if (result.reassigned) await queryClient.invalidateQueries({ queryKey: ['list'] });
    return result;
  });
}
export const useActivate = (id: string) =>
  employees.useMutationOf(id, () => api<Employee>('POST', `${employees.path(id)}/activate`));

/** Their hours by job between two dates (inclusive), with the labour cost for holders of 53. */
export const useEmployeeTime = (id: string, from: string, to: string) =>
  useQuery({
    queryKey: [...employees.detailsKey(id), 'time', from, to],
    queryFn: () => api<EmployeeTime>('GET', `${employees.path(id)}/time`, undefined, { from, to }),
    enabled: Boolean(from && to),
  });
