import type { SettingsGroup } from '@atelier/contracts';
import type { Executor } from '../../db/client';

/** A settings field that names one of the firm's records (`warehouse`), as its module checks it. */
export type SettingsReference = {
  /** Whether `id` names a record of the firm that the field may hold. */
  exists: (db: Executor, firmId: string, id: string) => Promise<boolean>;
  /** The 400's message, for the request and for the field. */
  message: string;
};

/**
 * A check of a group's save beyond its schema (throws a 400 naming the field): `values` are the
 * fields sent, `merged` the whole group as it will be saved.
 */
export type SettingsCheck = (
  db: Executor,
  firmId: string,
  values: Record<string, unknown>,
  merged: Record<string, unknown>,
) => Promise<void>;

/**
 * What a module's manifest says about the firm's settings (contracts' SETTINGS_GROUPS), so the
 * settings (platform) need not know the modules: fields in any group that name the module's
 * records (the warehouses module's `warehouse`), and checks of the groups only it understands
 * (the leads module's `leadSettings`: the website's leads go to an active staff member).
 */
export type ModuleSettings = {
  references?: Record<string, SettingsReference>;
  checks?: Partial<Record<SettingsGroup, SettingsCheck>>;
};

const references = new Map<string, SettingsReference>();
const checks = new Map<SettingsGroup, SettingsCheck>();

/** Takes a module's settings in (app start-up, from the manifests); a field or group given twice is a bug. */
export function installSettings(module: string, settings: ModuleSettings): void {
  for (const [field, reference] of Object.entries(settings.references ?? {})) {
    if (references.has(field) && references.get(field) !== reference)
      throw new Error(`${module}: the settings field ${field} is already checked by another module`);
    references.set(field, reference);
  }
  for (const [group, check] of Object.entries(settings.checks ?? {}) as [SettingsGroup, SettingsCheck][]) {
    if (checks.has(group) && checks.get(group) !== check)
      throw new Error(`${module}: the settings group ${group} is already checked by another module`);
    checks.set(group, check);
  }
}

/** The installed fields and their checks. */
export const settingsReferences = (): ReadonlyMap<string, SettingsReference> => references;
/** The installed check of a group, if any. */
export const settingsCheck = (group: SettingsGroup): SettingsCheck | undefined => checks.get(group);
