import {
  type Ambassador,
  type AmbassadorInput,
  type CommissionPage,
  type CommissionPayoutInput,
  type CommissionPayoutResult,
  KINDS,
} from '@atelier/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { recordKeys } from '../../components/record/api';
import { recordResource } from '../../components/record/resource';
import { api } from '../../lib/api';

export const ambassadors = recordResource<Ambassador, AmbassadorInput>(KINDS.ambassador);

/** GET /commissions?ambassador=: what the ambassador earned (newest first), with earned, paid and owed. */
export function useCommissions(ambassador: string, enabled = true) {
  return useQuery({
    queryKey: [...recordKeys.all(ambassadors.path(ambassador)), 'commissions'],
    queryFn: () => api<CommissionPage>('GET', '/commissions', undefined, { ambassador, limit: 500 }),
    enabled,
  });
}

/** POST /commissions/payout: everything owed paid, recorded as an expense. */
export function usePayout(ambassador: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CommissionPayoutInput) => api<CommissionPayoutResult>('POST', '/commissions/payout', input),
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: recordKeys.all(ambassadors.path(ambassador)) });
      await queryClient.invalidateQueries({ queryKey: ['list', KINDS.expense.apiPath] });
    },
  });
}
