import { type ApiKey, type ApiKeyInput, type CreatedApiKey, P } from '@atelier/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { useCan } from '../../lib/permissions';

const KEYS = ['api-keys'] as const;

/** The firm's API keys, for holders of the integrations code (104). */
export function useApiKeys() {
  const { can } = useCan();
  return useQuery({
    queryKey: KEYS,
    queryFn: () => api<ApiKey[]>('GET', '/api-keys'),
    enabled: can(P.MODIFY_INTEGRATIONS),
  });
}

export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ApiKeyInput) => api<CreatedApiKey>('POST', '/api-keys', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: KEYS }),
  });
}

export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<ApiKey>('DELETE', `/api-keys/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: KEYS }),
  });
}
