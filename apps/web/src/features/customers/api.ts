import type { Customer, CustomerInput, DuplicateMatch } from '@atelier/contracts';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { recordKeys, useRecordMutation } from '../../components/record/api';
import { api } from '../../lib/api';

export const customerPath = (id: string) => `/customers/${id}`;
export const customerDetailsKey = (id: string) => [...recordKeys.all(customerPath(id)), 'details'];

export const useCustomer = (id: string) =>
  useQuery({ queryKey: customerDetailsKey(id), queryFn: () => api<Customer>('GET', customerPath(id)), retry: false });

function useCustomerMutation<A, R>(id: string, fn: (args: A) => Promise<R>) {
  const queryClient = useQueryClient();
  const mutation = useRecordMutation(customerPath(id), fn);
  return {
    ...mutation,
    mutateAsync: async (args: A): Promise<R> => {
      const result = await mutation.mutateAsync(args);
      await queryClient.invalidateQueries({ queryKey: ['list', '/customers'] });
      return result;
    },
  };
}

export const useUpdateCustomer = (id: string) =>
  useCustomerMutation(id, (input: CustomerInput & { version: number }) =>
    api<Customer>('PUT', customerPath(id), input),
  );
export const useUpdateConsent = (id: string) =>
  useCustomerMutation(id, (input: { marketingConsent: boolean; version: number }) =>
    api<Customer>('PUT', `${customerPath(id)}/settings`, input),
  );
export const useStoreLogin = (id: string) =>
  useCustomerMutation(id, (action: 'invite' | 'disable' | 'enable') =>
    api<Customer>('POST', `${customerPath(id)}/login/${action}`),
  );
export const useArchiveCustomer = (id: string) =>
  useCustomerMutation(id, (archived: boolean) =>
    api<Customer>('POST', `${customerPath(id)}/${archived ? 'archive' : 'restore'}`),
  );
export const useDeleteCustomer = (id: string) => useCustomerMutation(id, () => api<void>('DELETE', customerPath(id)));

export const createCustomer = (input: CustomerInput) => api<Customer>('POST', '/customers', input);

export function useCustomerDuplicates(values: { name?: string; email?: string; phone?: string }, exclude?: string) {
  const [debounced] = useDebouncedValue(values, 400);
  const enabled = Boolean(
    debounced.name?.trim() || debounced.email?.includes('@') || (debounced.phone?.replace(/\D/g, '').length ?? 0) >= 7,
  );
  return useQuery({
    queryKey: ['customer-duplicates', debounced, exclude],
    queryFn: () => api<DuplicateMatch[]>('GET', '/customers/duplicates', undefined, { ...debounced, exclude }),
    enabled,
  });
}
