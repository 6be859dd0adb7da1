import type { PermissionCode } from '@atelier/contracts';
import type { Executor } from '../../db/client';

/**
 * A kind of record that interactions, files, logs and activities attach to. Each module
 * registers its own; the shared parts ask the registry who may see a record, what it is
 * called, and where it lives in the app.
 */
export type EntityKind = {
  type: string;
  /** Words for messages: "account", "customer". */
  noun: string;
  /** Path segment of its API and pages: /api/v1/companies/{id}, /u/companies/{id}. */
  path: string;
  href: (id: string) => string;
  /** The code needed to see it (and its interactions, files, history). */
  permission: PermissionCode;
  /** The record's display name, or null when it does not exist in the caller's firm. */
  find: (db: Executor, id: string) => Promise<{ name: string } | null>;
};

const kinds = new Map<string, EntityKind>();

export function registerEntity(kind: EntityKind): EntityKind {
  kinds.set(kind.type, kind);
  return kind;
}

export function entityKind(type: string | null | undefined): EntityKind | undefined {
  return type ? kinds.get(type) : undefined;
}
