import type { Onboarding } from '@atelier/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { authKeys } from '../auth/api';

export const onboardingKeys = { all: ['onboarding'] as const };

export const useOnboarding = () =>
  useQuery({ queryKey: onboardingKeys.all, queryFn: () => api<Onboarding>('GET', '/onboarding') });

export function useCompleteOnboarding() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sampleData: boolean) => api<Onboarding>('POST', '/onboarding/complete', { sampleData }),
    onSuccess: () => {
      queryClient.invalidateQueries({ queryKey: onboardingKeys.all });
      return queryClient.invalidateQueries({ queryKey: authKeys.profile });
    },
  });
}
