import {
  type BulkAction,
  COMPANY_TYPES,
  type Company,
  type CompanyFinancials,
  type CompanyRow,
  type companyInputSchema,
  type DuplicateMatch,
  hasCode,
  KINDS,
  P,
} from '@atelier/contracts';
import { and, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Executor } from '../../db/client';
import { qualified } from '../../db/columns';
import { isUuid } from '../../db/ids';
import { recordAudit } from '../../platform/audit/audit.service';
import { files } from '../../platform/files/files.table';
import type { Actor } from '../../platform/http/access';
import { badRequest, conflict, forbidden, notFound } from '../../platform/http/errors';
import type { CsvColumn } from '../../platform/lists/export';
import {
  anyTag,
  archiveStatus,
  buildSearchText,
  idsIn,
  type ListSpec,
  likePattern,
  oneOf,
  searchText,
  textMatches,
} from '../../platform/lists/list';
import { assignRows, registerAssignable } from '../../platform/records/assignables';
import { registerEntity } from '../../platform/records/entities';
import {
  archiveOne,
  archiveRows,
  assertAssignee,
  peopleNames,
  personOf,
  updateVersioned,
} from '../../platform/records/records';
import { customers } from '../customers/customers.table';
import { users } from '../users/users.table';
import { companies } from './companies.table';

type Input = z.output<typeof companyInputSchema>;
type Row = typeof companies.$inferSelect;

export const companyKind = registerEntity(KINDS.company, {
  find: async (db, id) => {
    const [row] = await db.select({ name: companies.name }).from(companies).where(eq(companies.id, id));
    return row ?? null;
  },
  searchDocs: (db, ids) =>
    db
      .select({
        id: companies.id,
        title: companies.name,
        subtitle: sql<string>`concat_ws(' · ', NULLIF(${companies.email}, ''), NULLIF(${companies.phone}, ''))`,
        searchText: companies.searchText,
        archived: sql<boolean>`${companies.archivedAt} IS NOT NULL`,
      })
      .from(companies)
      .where(inArray(companies.id, ids)),
});

const companyAssignable = registerAssignable({ type: 'company', label: 'accounts', table: companies });

const assignee = alias(users, 'assignee');
const editor = alias(users, 'editor');
const contactCount = sql<number>`(SELECT count(*)::int FROM ${customers} c WHERE c.company_id = ${qualified(companies.id)} AND c.archived_at IS NULL)`;
export const companyList: ListSpec<CompanyRow> = {
  noun: 'accounts',
  table: companies,
  id: companies.id,
  scope: sql`true`, // replaced per request (see listSpecFor)
  sorts: {
    name: { expr: companies.nameKey, type: 'text' },
    type: {
      expr: companies.type,
      type: 'text',
      valid: (v) => (COMPANY_TYPES as readonly string[]).includes(v),
    },
    created: { expr: companies.createdAt, type: 'timestamptz' },
    updated: { expr: companies.updatedAt, type: 'timestamptz' },
  },
  defaultSort: 'name',
  filters: {
    status: archiveStatus(companies.archivedAt),
    type: oneOf(companies.type, COMPANY_TYPES, 'type'),
    assigned: idsIn(companies.assignedTo, 'assignee', true),
    tag: anyTag(companies.tags),
    id: idsIn(companies.id, 'account'),
  },
  defaultFilters: { status: ['active'] },
  search: searchText(companies, companies.id, companies.nameKey),
  fetch: (db, ids) =>
    db
      .select({
        _id: companies.id,
        name: companies.name,
        type: companies.type,
        phone: companies.phone,
        email: companies.email,
        city: sql<string>`COALESCE(${companies.addresses}->0->>'city', '')`,
        assignedTo: sql<
          CompanyRow['assignedTo']
        >`CASE WHEN ${assignee.id} IS NULL THEN NULL ELSE json_build_object('_id', ${assignee.id}, 'name', trim(${assignee.firstName} || ' ' || ${assignee.lastName})) END`,
        tags: companies.tags,
        contacts: contactCount,
        // Financials ride along for holders of 15; the list route takes them out for the rest.
        paymentTermsDays: companies.paymentTermsDays,
        creditLimitCents: companies.creditLimitCents,
        archived: sql<boolean>`${companies.archivedAt} IS NOT NULL`,
        createdAt: sql<string>`to_json(${companies.createdAt})#>>'{}'`,
        updatedAt: sql<string>`to_json(${companies.updatedAt})#>>'{}'`,
      })
      .from(companies)
      .leftJoin(assignee, eq(assignee.id, companies.assignedTo))
      .where(inArray(companies.id, ids)),
};

/** The list spec scoped to the actor's firm (on top of row-level security). */
export const listSpecFor = (actor: Actor): ListSpec<CompanyRow> => ({
  ...companyList,
  scope: eq(companies.firmId, actor.firmId),
});

const searchOf = (input: Pick<Input, 'name' | 'email' | 'phone' | 'website' | 'addresses'>) =>
  buildSearchText(
    [input.name, input.email, input.website, ...input.addresses.map((a) => `${a.city} ${a.postalCode}`)],
    input.phone ? [input.phone] : [],
  );

async function findRow(db: Executor, id: string, lock = false): Promise<Row> {
  if (!isUuid(id)) throw notFound('This account does not exist.');
  const query = db.select().from(companies).where(eq(companies.id, id));
  const [row] = await (lock ? query.for('update') : query);
  if (!row) throw notFound('This account does not exist.');
  return row;
}

export async function getCompany(db: Executor, actor: Actor, id: string): Promise<Company> {
  const [found] = isUuid(id)
    ? await db
        .select({
          row: companies,
          assignee: { id: assignee.id, firstName: assignee.firstName, lastName: assignee.lastName },
          editor: { id: editor.id, firstName: editor.firstName, lastName: editor.lastName },
          contacts: contactCount,
        })
        .from(companies)
        .leftJoin(assignee, eq(assignee.id, companies.assignedTo))
        .leftJoin(editor, eq(editor.id, companies.updatedBy))
        .where(eq(companies.id, id))
    : [];
  if (!found) throw notFound('This account does not exist.');
  const r = found.row;
  return {
    _id: r.id,
    version: r.version,
    archived: r.archivedAt !== null,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
    updatedBy: personOf(found.editor),
    name: r.name,
    type: r.type,
    phone: r.phone,
    email: r.email,
    website: r.website,
    addresses: r.addresses,
    assignedTo: personOf(found.assignee),
    tags: r.tags,
    notes: r.notes,
    contacts: found.contacts,
    ...(hasCode(actor.codes, P.COMPANY_FINANCIALS)
      ? {
          financials: {
            paymentTermsDays: r.paymentTermsDays,
            creditLimitCents: r.creditLimitCents,
            priceLevel: r.priceLevel,
            taxExempt: r.taxExempt,
            taxCertificate: r.taxCertificateFileId,
          },
        }
      : {}),
  };
}

const AUDITED = ['name', 'type', 'phone', 'email', 'website', 'addresses', 'assignedTo', 'tags', 'notes'] as const;
type Audited = Pick<Row, (typeof AUDITED)[number]>;
/** The audited fields of versions of an account, with the assignee by name. */
async function audited(db: Executor, ...rows: Audited[]) {
  const names = await peopleNames(
    db,
    rows.map((r) => r.assignedTo),
  );
  return rows.map((r) => ({
    ...Object.fromEntries(AUDITED.map((k) => [k, r[k]])),
    assignedTo: r.assignedTo ? (names.get(r.assignedTo) ?? r.assignedTo) : null,
  }));
}

export async function createCompany(db: Executor, actor: Actor, input: Input): Promise<Company> {
  await assertAssignee(db, input.assignedTo);
  const [row] = await db
    .insert(companies)
    .values({
      ...input,
      firmId: actor.firmId,
      searchText: searchOf(input),
      createdBy: actor.userId,
      updatedBy: actor.userId,
    })
    .returning();
  const [after] = await audited(db, row!);
  await recordAudit(db, actor, { entityType: 'company', entityId: row!.id, action: 'create', after });
  return getCompany(db, actor, row!.id);
}

export async function updateCompany(
  db: Executor,
  actor: Actor,
  id: string,
  input: Input & { version: number },
): Promise<Company> {
  const before = await findRow(db, id, true);
  await assertAssignee(db, input.assignedTo);
  const { version, ...fields } = input;
  const after = await updateVersioned(db, actor, companies, id, version, 'account', {
    ...fields,
    searchText: searchOf(fields),
  });
  await recordAudit(db, actor, {
    entityType: 'company',
    entityId: id,
    action: 'update',
    version: after.version,
    ...(await audited(db, before, after).then(([b, a]) => ({ before: b, after: a }))),
  });
  return getCompany(db, actor, id);
}

export async function updateFinancials(
  db: Executor,
  actor: Actor,
  id: string,
  input: CompanyFinancials & { version: number },
) {
  const before = await findRow(db, id, true);
  if (input.taxCertificate) {
    const [file] = await db
      .select({ id: files.id })
      .from(files)
      .where(
        and(
          eq(files.id, input.taxCertificate),
          eq(files.entityType, 'company'),
          eq(files.entityId, id),
          isNull(files.deletedAt),
        ),
      );
    if (!file)
      throw badRequest('Attach the certificate to this account first.', {
        taxCertificate: 'Choose one of this account’s files.',
      });
  }
  const values = {
    paymentTermsDays: input.paymentTermsDays,
    creditLimitCents: input.creditLimitCents,
    priceLevel: input.priceLevel,
    taxExempt: input.taxExempt,
    taxCertificateFileId: input.taxCertificate,
  };
  const after = await updateVersioned(db, actor, companies, id, input.version, 'account', values);
  const pick = (r: Row) => ({
    paymentTermsDays: r.paymentTermsDays,
    creditLimitCents: r.creditLimitCents,
    priceLevel: r.priceLevel,
    taxExempt: r.taxExempt,
    taxCertificateFileId: r.taxCertificateFileId,
  });
  await recordAudit(db, actor, {
    entityType: 'company',
    entityId: id,
    action: 'update',
    version: after.version,
    before: pick(before),
    after: pick(after),
  });
  return getCompany(db, actor, id);
}

const setArchived = (db: Executor, actor: Actor, ids: string[], archived: boolean) =>
  archiveRows(db, actor, companies, 'company', ids, archived);

export async function archiveCompany(db: Executor, actor: Actor, id: string, archived: boolean): Promise<Company> {
  await archiveOne(db, actor, companies, KINDS.company, id, archived);
  return getCompany(db, actor, id);
}

/** Hard delete, only when nothing refers to the account; otherwise archive it. */
export async function deleteCompany(db: Executor, actor: Actor, id: string): Promise<void> {
  const before = await findRow(db, id, true);
  const [{ n }] = (await db
    .select({ n: sql<number>`count(*)::int` })
    .from(customers)
    .where(eq(customers.companyId, id))) as [{ n: number }];
  if (n > 0) {
    throw conflict(
      `${before.name} has ${n} contact${n === 1 ? '' : 's'}. Archive the account instead, or move its contacts first.`,
    );
  }
  await db.delete(companies).where(eq(companies.id, id));
  const [gone] = await audited(db, before);
  await recordAudit(db, actor, { entityType: 'company', entityId: id, action: 'delete', before: gone });
}

export async function bulkCompanies(db: Executor, actor: Actor, action: BulkAction): Promise<{ updated: number }> {
  const ids = [...new Set(action.ids)];
  if (action.action === 'assign') {
    await assertAssignee(db, action.assignee, 'assignee');
    return { updated: await assignRows(db, actor, companyAssignable, inArray(companies.id, ids), action.assignee) };
  }
  if (!hasCode(actor.codes, P.DELETE_COMPANIES)) throw forbidden('You do not have permission to archive accounts.');
  return { updated: await setArchived(db, actor, ids, action.action === 'archive') };
}

/** Accounts that look like the one being entered: same name, email or phone. */
export async function findDuplicateCompanies(
  db: Executor,
  query: { name?: string; email?: string; phone?: string; exclude?: string },
): Promise<DuplicateMatch[]> {
  const checks: { reason: string; where: SQL }[] = [];
  if (query.name?.trim())
    checks.push({ reason: 'same name', where: eq(companies.nameKey, query.name.trim().toLowerCase()) });
  // Email and phone go through the search text's index (the search text holds both, lower-cased).
  const email = query.email?.trim().toLowerCase() ?? '';
  const digits = query.phone?.replace(/\D/g, '') ?? '';
  const patterns = [email && likePattern(email), digits.length >= 7 && likePattern(digits)].filter((p): p is string =>
    Boolean(p),
  );
  if (patterns.length)
    checks.push({ reason: 'same email or phone', where: textMatches(companies, companies.id, patterns) });
  if (checks.length === 0) return [];
  const rows = await db
    .select({ _id: companies.id, name: companies.name, email: companies.email, phone: companies.phone })
    .from(companies)
    .where(
      and(
        or(...checks.map((c) => c.where)),
        query.exclude && isUuid(query.exclude) ? sql`${companies.id} <> ${query.exclude}` : undefined,
      ),
    )
    .limit(5);
  return rows
    .map((r) => ({
      _id: r._id,
      name: r.name,
      reason: [
        query.name && r.name.toLowerCase() === query.name.trim().toLowerCase() && 'same name',
        query.email && r.email.toLowerCase() === query.email.trim().toLowerCase() && 'same email',
        digits.length >= 7 && r.phone.replace(/\D/g, '').includes(digits) && 'same phone',
      ]
        .filter(Boolean)
        .join(', '),
    }))
    .filter((match) => match.reason);
}

export const COMPANY_CSV_COLUMNS: CsvColumn<CompanyRow>[] = [
  ['Name', (r) => r.name],
  ['Type', (r) => r.type],
  ['Phone', (r) => r.phone],
  ['Email', (r) => r.email],
  ['City', (r) => r.city],
  ['Assigned to', (r) => r.assignedTo?.name ?? ''],
  ['Tags', (r) => r.tags],
  ['Contacts', (r) => r.contacts],
  ['Created', (r) => r.createdAt],
  ['Updated', (r) => r.updatedAt],
  ['Archived', (r) => (r.archived ? 'yes' : 'no')],
  // For holders of 15 only: the export leaves these columns out for everyone else.
  ['Payment terms (days)', (r) => r.paymentTermsDays, 'paymentTermsDays'],
  [
    'Credit limit',
    (r) => (r.creditLimitCents == null ? '' : (r.creditLimitCents / 100).toFixed(2)),
    'creditLimitCents',
  ],
];
