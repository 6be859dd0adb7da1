import { type FeatureKey, hasCode, type PermissionCode, type RecordKind, recordHref } from '@atelier/contracts';
import type { SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import type { Actor } from '../http/access';

/**
 * A kind of record that interactions, files, logs and activities attach to. Each module
 * registers its own; the shared parts ask the registry who may see a record, what it is
 * called, and where it lives in the app.
 */
export type EntityKind = {
  /** The kind's one declaration (contracts/kinds); the fields below come from it. */
  declared: RecordKind;
  type: string;
  /** Words for messages: "account", "customer". */
  noun: string;
  /** Path segment of its API and pages: /api/v1/companies/{id}, /u/companies/{id}. */
  path: string;
  href: (id: string) => string;
  /** The code needed to see it (and its interactions, files, history). */
  permission: PermissionCode;
  /**
   * The record's display name, or null when it does not exist in the caller's firm (or, given
   * the actor, when the kind's narrowing keeps it from them: another's task).
   */
  find: (db: Executor, id: string, actor?: Actor) => Promise<{ name: string } | null>;
  /** The module it belongs to, when the firm pays for it (search leaves it out otherwise). */
  feature?: FeatureKey;
  /**
   * What global search shows and matches for each of these records (those that still exist).
   * The kind's `type` is its search category. Kinds without it are not searchable.
   */
  searchDocs?: (db: Executor, ids: string[]) => Promise<SearchDoc[]>;
  /**
   * The same as one SELECT of (id, title, subtitle, search_text, archived) over the records the
   * sub-select `ids` names: for writes of many records at once (an import), indexed in one statement.
   */
  searchSql?: (ids: SQL) => SQL;
  /** The other search categories some of its records are filed under (payments: refunds). */
  filedAs?: string[];
  /** Other audit entity types whose entries belong in its logs (an employee's account: 'user'). */
  alsoAuditedAs?: string[];
  /**
   * Fields that need a code beyond `permission` (an account's financials: 15; an employee's pay:
   * 53), by the name they have in API rows and audit changes. Logs, CSV exports and list rows
   * leave them out for whoever lacks the code; search documents never carry them.
   */
  fieldCodes?: Readonly<Record<string, PermissionCode>>;
};

export type SearchDoc = {
  id: string;
  /** Its search category: the kind's type unless the kind files it elsewhere (`filedAs`). */
  type?: string;
  title: string;
  subtitle: string;
  searchText: string;
  archived: boolean;
};

const kinds = new Map<string, EntityKind>();

/** What a module adds to its kind's declaration: how to find a record, and what search shows. */
export type EntityParts = Pick<EntityKind, 'find' | 'searchDocs' | 'searchSql' | 'alsoAuditedAs' | 'filedAs'>;

/** Registers a declared kind with the parts only its module can give. */
export function registerEntity(declared: RecordKind, parts: EntityParts): EntityKind {
  if (declared.searchable !== Boolean(parts.searchDocs))
    throw new Error(
      `The ${declared.key} kind is declared ${declared.searchable ? '' : 'not '}searchable: give searchDocs accordingly.`,
    );
  const kind: EntityKind = {
    declared,
    type: declared.key,
    noun: declared.noun,
    path: declared.apiPath.slice(1),
    href: (id) => recordHref(declared, id),
    permission: declared.codes.modify,
    ...(declared.feature ? { feature: declared.feature } : {}),
    ...(declared.fieldCodes ? { fieldCodes: declared.fieldCodes } : {}),
    ...parts,
  };
  kinds.set(kind.type, kind);
  return kind;
}

export function entityKind(type: string | null | undefined): EntityKind | undefined {
  return type ? kinds.get(type) : undefined;
}

/** The search categories a kind's records are filed under: its own type, and any `filedAs`. */
export const searchTypes = (kind: EntityKind): string[] => [kind.type, ...(kind.filedAs ?? [])];

/** The kind whose records a search entry of this category is: its own, or the kind filing records there. */
export function kindOfSearchType(type: string): EntityKind | undefined {
  return kinds.get(type) ?? [...kinds.values()].find((k) => k.filedAs?.includes(type));
}

/** Whether someone may see records of this kind: its code, and its module enabled for the firm. */
export function maySee(actor: { codes: number[]; features: string[] }, kind: EntityKind): boolean {
  return hasCode(actor.codes, kind.permission) && (!kind.feature || actor.features.includes(kind.feature));
}

/**
 * The fields of a kind someone may not see: those whose code they lack, or every field when
 * they may not see the kind at all (null).
 */
export function hiddenFields(actor: { codes: number[]; features: string[] }, kind: EntityKind): string[] | null {
  if (!maySee(actor, kind)) return null;
  return Object.entries(kind.fieldCodes ?? {})
    .filter(([, code]) => !hasCode(actor.codes, code))
    .map(([field]) => field);
}

/** Rows without the fields named (for `hiddenFields`): copies, the originals untouched. */
export function withoutFields<Row extends object>(rows: Row[], fields: readonly string[]): Row[] {
  if (fields.length === 0) return rows;
  return rows.map((row) => {
    const copy = { ...row } as Record<string, unknown>;
    for (const field of fields) delete copy[field];
    return copy as Row;
  });
}

/** Every registered kind. */
export const allKinds = (): EntityKind[] => [...kinds.values()];

export function searchableKinds(): EntityKind[] {
  return [...kinds.values()].filter((k) => k.searchDocs);
}
