import {
  type CompanyAnalytics,
  type CustomerAnalytics,
  type EmployeeAnalytics,
  KINDS,
  P,
  recordApiPath,
} from '@atelier/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { useCan } from '../../lib/permissions';

type Subject = 'company' | 'customer' | 'employee';

/**
 * Query keys: under the orders' list key, so whatever refreshes orders (a confirm, a cancel,
 * another person's change announced live) refreshes the figures made of them too.
 */
export const salesAnalyticsKeys = {
  of: (subject: Subject, id: string) => ['list', KINDS.order.apiPath, 'analytics', subject, id] as const,
};

/**
 * Who may see them, as the server decides: the orders they are made of (6), and the code of the
 * page they are on: analytics (17) for an account's and an employee's, users analytics (10) for
 * a customer's purchase figures.
 */
export function maySeeSales(can: (code: number) => boolean) {
  const orders = can(KINDS.order.codes.modify);
  return {
    company: orders && can(P.VIEW_ANALYTICS),
    employee: orders && can(P.VIEW_ANALYTICS),
    customer: orders && can(P.VIEW_USER_ANALYTICS),
  };
}

export const useMaySeeSales = () => maySeeSales(useCan().can);

function useAnalytics<T>(subject: Subject, id: string) {
  const allowed = useMaySeeSales()[subject];
  return useQuery({
    queryKey: salesAnalyticsKeys.of(subject, id),
    queryFn: () => api<T>('GET', `${recordApiPath(KINDS[subject], id)}/analytics`),
    enabled: allowed,
  });
}

export const useCompanyAnalytics = (id: string) => useAnalytics<CompanyAnalytics>('company', id);
export const useCustomerAnalytics = (id: string) => useAnalytics<CustomerAnalytics>('customer', id);
export const useEmployeeAnalytics = (id: string) => useAnalytics<EmployeeAnalytics>('employee', id);
