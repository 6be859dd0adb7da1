import { randomInt } from 'node:crypto';
import {
  AMBASSADOR_KINDS,
  type Ambassador,
  type AmbassadorRow,
  type ambassadorInputSchema,
  type BulkAction,
  type DuplicateMatch,
  hasCode,
  KINDS,
  P,
} from '@atelier/contracts';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Executor } from '../../db/client';
import { qualified } from '../../db/columns';
import { isUuid } from '../../db/ids';
import { recordAudit } from '../../platform/audit/audit.service';
import type { Actor } from '../../platform/http/access';
import { badRequest, conflict, forbidden, HttpError, notFound } from '../../platform/http/errors';
import {
  anyTag,
  archiveStatus,
  buildSearchText,
  idsIn,
  type ListSpec,
  oneOf,
  searchText,
} from '../../platform/lists/list';
import { type DuplicateQuery, findSimpleDuplicates } from '../../platform/records/duplicates';
import { registerEntity } from '../../platform/records/entities';
import { archiveRows, personOf, updateVersioned } from '../../platform/records/records';
import { customers } from '../customers/customers.table';
import { leads } from '../leads/leads.table';
import { users } from '../users/users.table';
import { ambassadors } from './ambassadors.table';

type Input = z.output<typeof ambassadorInputSchema>;
type Row = typeof ambassadors.$inferSelect;

export const ambassadorKind = registerEntity(KINDS.ambassador, {
  find: async (db, id) => {
    const [row] = await db.select({ name: ambassadors.name }).from(ambassadors).where(eq(ambassadors.id, id));
    return row ?? null;
  },
});

const editor = alias(users, 'editor');
const referrals = sql<number>`(SELECT count(*)::int FROM ${customers} c WHERE c.ambassador_id = ${qualified(ambassadors.id)})`;
const percent = sql<number>`${ambassadors.commissionBp} / 100.0`;

export const ambassadorList: ListSpec<AmbassadorRow> = {
  noun: 'ambassadors',
  table: ambassadors,
  id: ambassadors.id,
  scope: sql`true`,
  sorts: {
    name: { expr: ambassadors.nameKey, type: 'text' },
    created: { expr: ambassadors.createdAt, type: 'timestamptz' },
    updated: { expr: ambassadors.updatedAt, type: 'timestamptz' },
  },
  defaultSort: 'name',
  filters: {
    status: archiveStatus(ambassadors.archivedAt),
    kind: oneOf(ambassadors.kind, AMBASSADOR_KINDS, 'kind'),
    tag: anyTag(ambassadors.tags),
    id: idsIn(ambassadors.id, 'ambassador'),
  },
  defaultFilters: { status: ['active'] },
  search: searchText(ambassadors, ambassadors.id, ambassadors.nameKey),
  fetch: (db, ids) =>
    db
      .select({
        _id: ambassadors.id,
        name: ambassadors.name,
        kind: ambassadors.kind,
        email: ambassadors.email,
        phone: ambassadors.phone,
        referralCode: ambassadors.referralCode,
        commissionPercent: sql<number>`(${percent})::float8`,
        tags: ambassadors.tags,
        referrals,
        archived: sql<boolean>`${ambassadors.archivedAt} IS NOT NULL`,
        createdAt: sql<string>`to_json(${ambassadors.createdAt})#>>'{}'`,
        updatedAt: sql<string>`to_json(${ambassadors.updatedAt})#>>'{}'`,
      })
      .from(ambassadors)
      .where(inArray(ambassadors.id, ids)),
};

export const listSpecFor = (actor: Actor): ListSpec<AmbassadorRow> => ({
  ...ambassadorList,
  scope: eq(ambassadors.firmId, actor.firmId),
});

export const AMBASSADOR_CSV_COLUMNS: [string, (row: AmbassadorRow) => unknown][] = [
  ['Name', (r) => r.name],
  ['Kind', (r) => r.kind],
  ['Email', (r) => r.email],
  ['Phone', (r) => r.phone],
  ['Referral code', (r) => r.referralCode],
  ['Commission %', (r) => r.commissionPercent],
  ['Referrals', (r) => r.referrals],
  ['Tags', (r) => r.tags.join('; ')],
  ['Archived', (r) => (r.archived ? 'yes' : 'no')],
];

const searchOf = (input: Pick<Input, 'name' | 'email' | 'phone'> & { referralCode: string }) =>
  buildSearchText([input.name, input.email, input.referralCode], input.phone ? [input.phone] : []);

async function findRow(db: Executor, id: string, lock = false): Promise<Row> {
  if (!isUuid(id)) throw notFound('This ambassador does not exist.');
  const query = db.select().from(ambassadors).where(eq(ambassadors.id, id));
  const [row] = await (lock ? query.for('update') : query);
  if (!row) throw notFound('This ambassador does not exist.');
  return row;
}

export async function getAmbassador(db: Executor, _actor: Actor, id: string): Promise<Ambassador> {
  const [found] = isUuid(id)
    ? await db
        .select({
          row: ambassadors,
          editor: { id: editor.id, firstName: editor.firstName, lastName: editor.lastName },
          referrals,
        })
        .from(ambassadors)
        .leftJoin(editor, eq(editor.id, ambassadors.updatedBy))
        .where(eq(ambassadors.id, id))
    : [];
  if (!found) throw notFound('This ambassador does not exist.');
  const r = found.row;
  return {
    _id: r.id,
    version: r.version,
    archived: r.archivedAt !== null,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
    updatedBy: personOf(found.editor),
    name: r.name,
    kind: r.kind,
    email: r.email,
    phone: r.phone,
    referralCode: r.referralCode,
    commissionPercent: r.commissionBp / 100,
    tags: r.tags,
    notes: r.notes,
    referrals: found.referrals,
  };
}

const AUDITED = ['name', 'kind', 'email', 'phone', 'referralCode', 'commissionPercent', 'tags', 'notes'] as const;
const audited = (r: Row) =>
  ({
    name: r.name,
    kind: r.kind,
    email: r.email,
    phone: r.phone,
    referralCode: r.referralCode,
    commissionPercent: r.commissionBp / 100,
    tags: r.tags,
    notes: r.notes,
  }) satisfies Record<(typeof AUDITED)[number], unknown>;

async function codeTaken(db: Executor, code: string, except?: string): Promise<boolean> {
  const [row] = await db
    .select({ id: ambassadors.id })
    .from(ambassadors)
    .where(and(eq(ambassadors.referralCode, code), except ? ne(ambassadors.id, except) : undefined));
  return Boolean(row);
}

/** The code given, if free; or one made from the name ("JANE-4821") that no one in the firm has. */
async function referralCodeFor(db: Executor, input: Input, except?: string): Promise<string> {
  if (input.referralCode) {
    if (await codeTaken(db, input.referralCode, except)) {
      const message = `${input.referralCode} is already another ambassador's code.`;
      throw new HttpError(409, 'conflict', message, { referralCode: message });
    }
    return input.referralCode;
  }
  const stem = (
    input.name
      .toUpperCase()
      .replace(/[^A-Z0-9]/g, '')
      .slice(0, 8) || 'REF'
  ).padEnd(4, 'X');
  for (;;) {
    const code = `${stem}-${randomInt(1000, 10000)}`;
    if (!(await codeTaken(db, code, except))) return code;
  }
}

/** The columns an ambassador's details set, on create and on edit alike. */
const columns = (input: Input, referralCode: string) => ({
  name: input.name,
  kind: input.kind,
  email: input.email,
  phone: input.phone,
  referralCode,
  commissionBp: Math.round(input.commissionPercent * 100),
  tags: input.tags,
  notes: input.notes,
  searchText: searchOf({ ...input, referralCode }),
});

export async function createAmbassador(db: Executor, actor: Actor, input: Input): Promise<Ambassador> {
  const referralCode = await referralCodeFor(db, input);
  const [row] = await db
    .insert(ambassadors)
    .values({
      firmId: actor.firmId,
      ...columns(input, referralCode),
      createdBy: actor.userId,
      updatedBy: actor.userId,
    })
    .returning();
  await recordAudit(db, actor, { entityType: 'ambassador', entityId: row!.id, action: 'create', after: audited(row!) });
  return getAmbassador(db, actor, row!.id);
}

export async function updateAmbassador(
  db: Executor,
  actor: Actor,
  id: string,
  input: Input & { version: number },
): Promise<Ambassador> {
  const before = await findRow(db, id, true);
  // An emptied code keeps the one the ambassador has already handed out.
  const referralCode = input.referralCode ? await referralCodeFor(db, input, id) : before.referralCode;
  const after = await updateVersioned(
    db,
    actor,
    ambassadors,
    id,
    input.version,
    'ambassador',
    columns(input, referralCode),
  );
  await recordAudit(db, actor, {
    entityType: 'ambassador',
    entityId: id,
    action: 'update',
    version: after.version,
    before: audited(before),
    after: audited(after),
  });
  return getAmbassador(db, actor, id);
}

const setArchived = (db: Executor, actor: Actor, ids: string[], archived: boolean) =>
  archiveRows(db, actor, ambassadors, 'ambassador', ids, archived);

export async function archiveAmbassador(db: Executor, actor: Actor, id: string, archived: boolean) {
  await findRow(db, id, true);
  await setArchived(db, actor, [id], archived);
  return getAmbassador(db, actor, id);
}

/** Hard delete, only when no customer or lead names the ambassador; otherwise archive. */
export async function deleteAmbassador(db: Executor, actor: Actor, id: string): Promise<void> {
  const before = await findRow(db, id, true);
  const referred = [];
  for (const [table, noun] of [
    [customers, 'customer'],
    [leads, 'lead'],
  ] as const) {
    const [{ n }] = (await db
      .select({ n: sql<number>`count(*)::int` })
      .from(table)
      .where(eq(table.ambassadorId, id))) as [{ n: number }];
    if (n > 0) referred.push(`${n} ${noun}${n === 1 ? '' : 's'}`);
  }
  if (referred.length)
    throw conflict(`${before.name} referred ${referred.join(' and ')}. Archive the ambassador instead.`);
  await db.delete(ambassadors).where(eq(ambassadors.id, id));
  await recordAudit(db, actor, { entityType: 'ambassador', entityId: id, action: 'delete', before: audited(before) });
}

export async function bulkAmbassadors(db: Executor, actor: Actor, action: BulkAction): Promise<{ updated: number }> {
  const ids = [...new Set(action.ids)];
  if (action.action === 'assign')
    throw badRequest('Ambassadors are not assigned to anyone.', { action: 'Archive or restore ambassadors.' });
  if (!hasCode(actor.codes, P.DELETE_AMBASSADORS))
    throw forbidden('You do not have permission to archive ambassadors.');
  return { updated: await setArchived(db, actor, ids, action.action === 'archive') };
}

/** Ambassadors that look like the one being entered: same name, email or phone. */
export const findDuplicateAmbassadors = (db: Executor, query: DuplicateQuery): Promise<DuplicateMatch[]> =>
  findSimpleDuplicates(
    db,
    {
      table: ambassadors,
      id: ambassadors.id,
      nameKey: ambassadors.nameKey,
      name: ambassadors.name,
      email: ambassadors.email,
      phone: ambassadors.phone,
    },
    query,
  );
