import type { Company, CompanyFinancials, CompanyInput, DuplicateMatch } from '@atelier/contracts';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { recordKeys, useRecordMutation } from '../../components/record/api';
import { api } from '../../lib/api';

export const companyPath = (id: string) => `/companies/${id}`;

export const useCompany = (id: string) =>
  useQuery({
    queryKey: [...recordKeys.all(companyPath(id)), 'details'],
    queryFn: () => api<Company>('GET', companyPath(id)),
    retry: false,
  });

/** Saving changes the record and its lists. */
function useCompanyMutation<A, R>(id: string, fn: (args: A) => Promise<R>) {
  const queryClient = useQueryClient();
  const mutation = useRecordMutation(companyPath(id), fn);
  return {
    ...mutation,
    mutateAsync: async (args: A): Promise<R> => {
      const result = await mutation.mutateAsync(args);
      await queryClient.invalidateQueries({ queryKey: ['list', '/companies'] });
      return result;
    },
  };
}

export const useUpdateCompany = (id: string) =>
  useCompanyMutation(id, (input: CompanyInput & { version: number }) => api<Company>('PUT', companyPath(id), input));
export const useUpdateFinancials = (id: string) =>
  useCompanyMutation(id, (input: CompanyFinancials & { version: number }) =>
    api<Company>('PUT', `${companyPath(id)}/financials`, input),
  );
export const useArchiveCompany = (id: string) =>
  useCompanyMutation(id, (archived: boolean) =>
    api<Company>('POST', `${companyPath(id)}/${archived ? 'archive' : 'restore'}`),
  );
export const useDeleteCompany = (id: string) => useCompanyMutation(id, () => api<void>('DELETE', companyPath(id)));

export const createCompany = (input: CompanyInput) => api<Company>('POST', '/companies', input);

/** Accounts like the one being typed (same name, email or phone): a warning, never a block. */
export function useCompanyDuplicates(values: { name?: string; email?: string; phone?: string }, exclude?: string) {
  const [debounced] = useDebouncedValue(values, 400);
  const enabled = Boolean(
    debounced.name?.trim() || debounced.email?.trim() || (debounced.phone?.replace(/\D/g, '').length ?? 0) >= 7,
  );
  return useQuery({
    queryKey: ['company-duplicates', debounced, exclude],
    queryFn: () => api<DuplicateMatch[]>('GET', '/companies/duplicates', undefined, { ...debounced, exclude }),
    enabled,
  });
}
