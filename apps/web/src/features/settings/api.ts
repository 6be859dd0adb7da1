import type { Settings, SettingsGroup, SettingsValues } from '@atelier/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { useSession } from '../../lib/session';
import { authKeys } from '../auth/api';

export const settingsKeys = { all: ['settings'] as const };

/** GET /settings/: fetched once after sign-in or restore for staff (spec section 4). */
export function useSettings() {
  const { profile } = useSession();
  return useQuery({
    queryKey: settingsKeys.all,
    queryFn: () => api<Settings>('GET', '/settings/'),
    enabled: profile?.kind === 'staff',
    staleTime: 60_000,
  });
}

export function useSaveSettings<G extends SettingsGroup>(group: G) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: Partial<SettingsValues<G>>) => api<Settings[G]>('PUT', `/settings/${group}`, values),
    onSuccess: () => {
      queryClient.invalidateQueries({ queryKey: settingsKeys.all });
      // The firm's name shows in the profile menu.
      if (group === 'firmSettings') queryClient.invalidateQueries({ queryKey: authKeys.profile });
    },
  });
}
