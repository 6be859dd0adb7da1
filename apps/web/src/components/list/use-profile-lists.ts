import type { Profile, SavedView } from '@atelier/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { api } from '../../lib/api';
import { authKeys } from '../../lib/auth-api';
import { useProfile } from '../../lib/session';

/** A list's columns and saved views, kept on the profile (spec section 3: fields, list_settings). */
export function useProfileLists(listKey: string) {
  const profile = useProfile();
  const queryClient = useQueryClient();
  const columns = profile.fields.find((f) => f.label === listKey)?.values ?? null;
  const views = (profile.list_settings[listKey] ?? []) as SavedView[];

  const save = useCallback(
    async (patch: Partial<Pick<Profile, 'fields' | 'list_settings'>>) => {
      const updated = await api<Profile>('PUT', '/profile/', patch);
      queryClient.setQueryData(authKeys.profile, updated);
    },
    [queryClient],
  );
  const saveColumns = (values: string[]) =>
    save({ fields: [...profile.fields.filter((f) => f.label !== listKey), { label: listKey, values }] });
  const saveViews = (next: SavedView[]) => save({ list_settings: { ...profile.list_settings, [listKey]: next } });
  return { columns, views, saveColumns, saveViews };
}
