import type { Executor } from '../../db/client';

/** A settings field that names one of the firm's records (`warehouse`), as its module checks it. */
export type SettingsReference = {
  /** Whether `id` names a record of the firm that the field may hold. */
  exists: (db: Executor, firmId: string, id: string) => Promise<boolean>;
  /** The 400's message, for the request and for the field. */
  message: string;
};

const references = new Map<string, SettingsReference>();

/**
 * Says which records a settings field may name, so the settings (platform) need not know the
 * module that keeps them: the warehouses module registers `warehouse` when it loads. A field in
 * any group is checked whenever a save sets it.
 */
export function registerSettingsReference(field: string, reference: SettingsReference): void {
  references.set(field, reference);
}

/** The registered fields and their checks. */
export const settingsReferences = (): ReadonlyMap<string, SettingsReference> => references;
