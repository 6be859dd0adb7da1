import type { Billing } from '@atelier/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { authKeys } from '../auth/api';
import { settingsKeys } from '../settings/api';

export const billingKeys = { all: ['billing'] as const };

export const useBilling = () => useQuery({ queryKey: billingKeys.all, queryFn: () => api<Billing>('GET', '/billing') });

/** Changing modules changes what the whole app shows: refresh the profile and settings too. */
export function useSetFeatures() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (features: string[]) => api<Billing>('PUT', '/billing/features', { features }),
    onSuccess: (billing) => {
      queryClient.setQueryData(billingKeys.all, billing);
      queryClient.invalidateQueries({ queryKey: authKeys.profile });
      queryClient.invalidateQueries({ queryKey: settingsKeys.all });
    },
  });
}
