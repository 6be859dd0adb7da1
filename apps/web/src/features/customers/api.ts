import { type Customer, type CustomerInput, KINDS } from '@atelier/contracts';
import { recordResource } from '../../components/record/resource';
import { api } from '../../lib/api';

export const customers = recordResource<Customer, CustomerInput>(KINDS.customer);

export const useUpdateConsent = (id: string) =>
  customers.useMutationOf(id, (input: { marketingConsent: boolean; version: number }) =>
    api<Customer>('PUT', `${customers.path(id)}/settings`, input),
  );
export const useStoreLogin = (id: string) =>
  customers.useMutationOf(id, (action: 'invite' | 'disable' | 'enable') =>
    api<Customer>('POST', `${customers.path(id)}/login/${action}`),
  );

/** Customers like the one being typed (same name, email or phone). */
export const useCustomerDuplicates = (values: { name?: string; email?: string; phone?: string }, exclude?: string) =>
  customers.useDuplicates(values, exclude, (q) =>
    Boolean(q.name?.trim() || q.email?.includes('@') || (q.phone?.replace(/\D/g, '').length ?? 0) >= 7),
  );
