import { type Customer, type CustomerInput, KINDS } from '@atelier/contracts';
import { recordResource } from '../../components/record/resource';
import { api } from '../../lib/api';

export const customers = recordResource<Customer, CustomerInput>(KINDS.customer);

export const useUpdateConsent = (id: string) =>
  customers.useMutationOf(id, (input: { marketingConsent: boolean; taxExempt?: boolean; version: number }) =>
    api<Customer>('PUT', `${customers.path(id)}/settings`, input),
  );
export const useStoreLogin = (id: string) =>
  customers.useMutationOf(id, (action: 'invite' | 'disable' | 'enable') =>
    api<Customer>('POST', `${customers.path(id)}/login/${action}`),
  );
