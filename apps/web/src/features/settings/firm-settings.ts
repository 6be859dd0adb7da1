import type { FirmSettingsInput } from '@atelier/contracts';
import { useSaveSettings, useSettings } from './api';

/** The firm settings group without `features` (billing changes those); a save sends only its part. */
export function useFirmSettings() {
  const settings = useSettings();
  const save = useSaveSettings('firmSettings');
  let current: FirmSettingsInput | undefined;
  if (settings.data) {
    const { features: _features, ...editable } = settings.data.firmSettings;
    current = editable;
  }
  return {
    current,
    isPending: settings.isPending,
    error: settings.error,
    save: (part: Partial<FirmSettingsInput>) => save.mutateAsync(part),
  };
}
