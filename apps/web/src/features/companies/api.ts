import { type Company, type CompanyFinancials, type CompanyInput, KINDS } from '@atelier/contracts';
import { recordResource } from '../../components/record/resource';
import { api } from '../../lib/api';

export const companies = recordResource<Company, CompanyInput>(KINDS.company);

export const useUpdateFinancials = (id: string) =>
  companies.useMutationOf(id, (input: CompanyFinancials & { version: number }) =>
    api<Company>('PUT', `${companies.path(id)}/financials`, input),
  );
