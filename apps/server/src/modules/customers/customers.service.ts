import {
  type BulkAction,
  type Customer,
  type CustomerRow,
  type customerInputSchema,
  DEFAULT_FIRM_NAME,
  type DuplicateMatch,
  hasCode,
  KINDS,
  P,
} from '@atelier/contracts';
import { and, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Executor } from '../../db/client';
import { isUuid } from '../../db/ids';
import { recordAudit } from '../../platform/audit/audit.service';
import { passwordResetTokens } from '../../platform/auth/auth.table';
import { endUserSessions } from '../../platform/auth/sessions';
import { newToken } from '../../platform/auth/tokens';
import { queueEmail } from '../../platform/email/outbox.service';
import { invitationEmail } from '../../platform/email/templates';
import type { Actor } from '../../platform/http/access';
import { badRequest, conflict, conflictOnDuplicate, forbidden, notFound } from '../../platform/http/errors';
import type { AppDeps } from '../../platform/http/routes';
import {
  anyTag,
  archiveStatus,
  buildSearchText,
  idsIn,
  type ListSpec,
  likePattern,
  searchText,
  textIn,
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
import { ambassadors } from '../ambassadors/ambassadors.table';
import { companies } from '../companies/companies.table';
import { firms } from '../firms/firms.table';
import { createUser } from '../users/users.service';
import { users } from '../users/users.table';
import { customers } from './customers.table';

type Input = z.output<typeof customerInputSchema>;
type Row = typeof customers.$inferSelect;

export const customerKind = registerEntity(KINDS.customer, {
  find: async (db, id) => {
    const [row] = await db.select({ name: customers.name }).from(customers).where(eq(customers.id, id));
    return row ?? null;
  },
  searchDocs: (db, ids) =>
    db
      .select({
        id: customers.id,
        title: customers.name,
        subtitle: sql<string>`concat_ws(' · ', NULLIF(${customers.primaryEmail}, ''), NULLIF(${customers.phones}->0->>'number', ''))`,
        searchText: customers.searchText,
        archived: sql<boolean>`${customers.archivedAt} IS NOT NULL`,
      })
      .from(customers)
      .where(inArray(customers.id, ids)),
});

const customerAssignable = registerAssignable({ type: 'customer', label: 'customers', table: customers });

const assignee = alias(users, 'assignee');
const editor = alias(users, 'editor');
const login = alias(users, 'login');
export const customerList: ListSpec<CustomerRow> = {
  noun: 'customers',
  table: customers,
  id: customers.id,
  scope: sql`true`,
  sorts: {
    name: { expr: customers.nameKey, type: 'text' },
    email: { expr: customers.primaryEmail, type: 'text' },
    created: { expr: customers.createdAt, type: 'timestamptz' },
    updated: { expr: customers.updatedAt, type: 'timestamptz' },
  },
  defaultSort: 'name',
  filters: {
    status: archiveStatus(customers.archivedAt),
    company: idsIn(customers.companyId, 'account', true),
    ambassador: idsIn(customers.ambassadorId, 'ambassador', true),
    assigned: idsIn(customers.assignedTo, 'assignee', true),
    source: textIn(customers.source),
    tag: anyTag(customers.tags),
    consent: (values) => {
      if (values.some((v) => v !== 'true' && v !== 'false'))
        throw badRequest('Consent is true or false.', { 'filter.consent': 'Use true or false.' });
      return values.length === 1 ? sql`${customers.marketingConsent} = ${values[0] === 'true'}` : undefined;
    },
    id: idsIn(customers.id, 'customer'),
  },
  defaultFilters: { status: ['active'] },
  search: searchText(customers, customers.id, customers.nameKey),
  fetch: (db, ids) =>
    db
      .select({
        _id: customers.id,
        name: customers.name,
        company: sql<
          CustomerRow['company']
        >`CASE WHEN ${companies.id} IS NULL THEN NULL ELSE json_build_object('_id', ${companies.id}, 'name', ${companies.name}) END`,
        email: customers.primaryEmail,
        phone: sql<string>`COALESCE(${customers.phones}->0->>'number', '')`,
        city: sql<string>`COALESCE(${customers.addresses}->0->>'city', '')`,
        assignedTo: sql<
          CustomerRow['assignedTo']
        >`CASE WHEN ${assignee.id} IS NULL THEN NULL ELSE json_build_object('_id', ${assignee.id}, 'name', trim(${assignee.firstName} || ' ' || ${assignee.lastName})) END`,
        source: customers.source,
        tags: customers.tags,
        marketingConsent: customers.marketingConsent,
        archived: sql<boolean>`${customers.archivedAt} IS NOT NULL`,
        createdAt: sql<string>`to_json(${customers.createdAt})#>>'{}'`,
        updatedAt: sql<string>`to_json(${customers.updatedAt})#>>'{}'`,
      })
      .from(customers)
      .leftJoin(companies, eq(companies.id, customers.companyId))
      .leftJoin(assignee, eq(assignee.id, customers.assignedTo))
      .where(inArray(customers.id, ids)),
};

export const listSpecFor = (actor: Actor): ListSpec<CustomerRow> => ({
  ...customerList,
  scope: eq(customers.firmId, actor.firmId),
});

const derived = (input: Input) => ({
  primaryEmail: input.emails[0]?.email.toLowerCase() ?? '',
  searchText: buildSearchText(
    [
      input.firstName,
      input.lastName,
      ...input.emails.map((e) => e.email),
      ...input.addresses.map((a) => `${a.city} ${a.postalCode}`),
    ],
    input.phones.map((p) => p.number),
  ),
});

async function assertAmbassador(db: Executor, actor: Actor, ambassadorId: string | null, current: string | null) {
  if (ambassadorId === current) return;
  // Who referred a customer is the ambassadors module's to say (88); others keep it as it is.
  if (!hasCode(actor.codes, P.MODIFY_AMBASSADORS)) {
    const message = 'You do not have permission to change who referred this customer.';
    throw forbidden(message);
  }
  if (!ambassadorId) return;
  const [found] = await db.select({ id: ambassadors.id }).from(ambassadors).where(eq(ambassadors.id, ambassadorId));
  const message = 'Choose an ambassador from the list.';
  if (!found) throw badRequest(message, { ambassador: message });
}

async function assertCompany(db: Executor, companyId: string | null) {
  if (!companyId) return;
  const [found] = await db.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId));
  if (!found) throw badRequest('Choose an account from the list.', { company: 'Choose an account from the list.' });
}

async function findRow(db: Executor, id: string, lock = false): Promise<Row> {
  if (!isUuid(id)) throw notFound('This customer does not exist.');
  const query = db.select().from(customers).where(eq(customers.id, id));
  const [row] = await (lock ? query.for('update') : query);
  if (!row) throw notFound('This customer does not exist.');
  return row;
}

export async function getCustomer(db: Executor, id: string): Promise<Customer> {
  const [found] = isUuid(id)
    ? await db
        .select({
          row: customers,
          company: { id: companies.id, name: companies.name },
          ambassador: { id: ambassadors.id, name: ambassadors.name },
          assignee: { id: assignee.id, firstName: assignee.firstName, lastName: assignee.lastName },
          editor: { id: editor.id, firstName: editor.firstName, lastName: editor.lastName },
          login: { id: login.id, active: login.active, invited: sql<boolean>`${login.passwordHash} IS NULL` },
        })
        .from(customers)
        .leftJoin(companies, eq(companies.id, customers.companyId))
        .leftJoin(ambassadors, eq(ambassadors.id, customers.ambassadorId))
        .leftJoin(assignee, eq(assignee.id, customers.assignedTo))
        .leftJoin(editor, eq(editor.id, customers.updatedBy))
        .leftJoin(login, eq(login.id, customers.userId))
        .where(eq(customers.id, id))
    : [];
  if (!found) throw notFound('This customer does not exist.');
  const r = found.row;
  const l = found.login;
  return {
    _id: r.id,
    version: r.version,
    archived: r.archivedAt !== null,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
    updatedBy: personOf(found.editor),
    firstName: r.firstName,
    lastName: r.lastName,
    name: r.name,
    company: found.company?.id ? { _id: found.company.id, name: found.company.name } : null,
    ambassador: found.ambassador?.id ? { _id: found.ambassador.id, name: found.ambassador.name } : null,
    emails: r.emails,
    phones: r.phones,
    addresses: r.addresses,
    assignedTo: personOf(found.assignee),
    source: r.source,
    tags: r.tags,
    notes: r.notes,
    marketingConsent: r.marketingConsent,
    consentAt: r.consentAt?.toISOString() ?? null,
    login: !l?.id ? 'none' : !l.active ? 'disabled' : l.invited ? 'invited' : 'active',
  };
}

const AUDITED = [
  'firstName',
  'lastName',
  'companyId',
  'ambassadorId',
  'emails',
  'phones',
  'addresses',
  'assignedTo',
  'source',
  'tags',
  'notes',
] as const;
type Audited = Pick<Row, (typeof AUDITED)[number]>;
/** The audited fields of versions of a customer, with the assignee and the account by name. */
async function audited(db: Executor, ...rows: Audited[]) {
  const names = await peopleNames(
    db,
    rows.map((r) => r.assignedTo),
  );
  const ids = [...new Set(rows.map((r) => r.companyId).filter((id): id is string => Boolean(id)))];
  const accounts = new Map(
    ids.length
      ? (
          await db.select({ id: companies.id, name: companies.name }).from(companies).where(inArray(companies.id, ids))
        ).map((c) => [c.id, c.name])
      : [],
  );
  const partnerIds = [...new Set(rows.map((r) => r.ambassadorId).filter((id): id is string => Boolean(id)))];
  const partners = new Map(
    partnerIds.length
      ? (
          await db
            .select({ id: ambassadors.id, name: ambassadors.name })
            .from(ambassadors)
            .where(inArray(ambassadors.id, partnerIds))
        ).map((a) => [a.id, a.name])
      : [],
  );
  return rows.map((r) => {
    const { companyId, ambassadorId, ...fields } = Object.fromEntries(AUDITED.map((k) => [k, r[k]])) as Record<
      string,
      unknown
    >;
    return {
      ...fields,
      company: r.companyId ? (accounts.get(r.companyId) ?? companyId) : null,
      ambassador: r.ambassadorId ? (partners.get(r.ambassadorId) ?? ambassadorId) : null,
      assignedTo: r.assignedTo ? (names.get(r.assignedTo) ?? r.assignedTo) : null,
    };
  });
}
const columns = (input: Input) => {
  const { company, ambassador, ...rest } = input;
  return { ...rest, companyId: company, ambassadorId: ambassador, ...derived(input) };
};

/**
 * `keptReferral`: the ambassador already recorded on what the customer comes from (a converted
 * lead), which carrying over does not change, so it needs no 88.
 */
export async function createCustomer(
  db: Executor,
  actor: Actor,
  input: Input,
  options: { keptReferral?: string | null } = {},
): Promise<Customer> {
  await assertCompany(db, input.company);
  await assertAmbassador(db, actor, input.ambassador, options.keptReferral ?? null);
  await assertAssignee(db, input.assignedTo);
  const [row] = await db
    .insert(customers)
    .values({ ...columns(input), firmId: actor.firmId, createdBy: actor.userId, updatedBy: actor.userId })
    .returning();
  const [after] = await audited(db, row!);
  await recordAudit(db, actor, { entityType: 'customer', entityId: row!.id, action: 'create', after });
  return getCustomer(db, row!.id);
}

export async function updateCustomer(
  db: Executor,
  actor: Actor,
  id: string,
  input: Input & { version: number },
): Promise<Customer> {
  const before = await findRow(db, id, true);
  await assertCompany(db, input.company);
  await assertAmbassador(db, actor, input.ambassador, before.ambassadorId);
  await assertAssignee(db, input.assignedTo);
  const { version, ...fields } = input;
  const after = await updateVersioned(db, actor, customers, id, version, 'customer', columns(fields));
  await recordAudit(db, actor, {
    entityType: 'customer',
    entityId: id,
    action: 'update',
    version: after.version,
    ...(await audited(db, before, after).then(([b, a]) => ({ before: b, after: a }))),
  });
  return getCustomer(db, id);
}

/** The settings tab: marketing consent, with the date it was given. */
export async function updateConsent(
  db: Executor,
  actor: Actor,
  id: string,
  consent: boolean,
  version: number,
): Promise<Customer> {
  const before = await findRow(db, id, true);
  const after = await updateVersioned(db, actor, customers, id, version, 'customer', {
    marketingConsent: consent,
    consentAt: consent ? (before.marketingConsent ? before.consentAt : sql`now()`) : null,
  });
  await recordAudit(db, actor, {
    entityType: 'customer',
    entityId: id,
    action: 'update',
    version: after.version,
    before: { marketingConsent: before.marketingConsent },
    after: { marketingConsent: consent },
  });
  return getCustomer(db, id);
}

/** Store login: an invitation to set a password, or turning an existing login off and on. */
export async function setStoreLogin(
  db: Executor,
  actor: Actor,
  deps: AppDeps,
  id: string,
  action: 'invite' | 'disable' | 'enable',
): Promise<Customer> {
  const row = await findRow(db, id, true);
  if (action === 'invite') {
    const email = row.primaryEmail;
    if (!email)
      throw badRequest('Add an email address before inviting this customer to the store.', {
        emails: 'Add an email address first.',
      });
    let userId = row.userId;
    if (!userId) {
      const user = await createUser(db, actor, {
        kind: 'customer',
        email,
        firstName: row.firstName,
        lastName: row.lastName,
      }).catch((e) =>
        conflictOnDuplicate(e, `${email} already has a store login with another customer record.`, 'emails'),
      );
      userId = user.id;
      await db.update(customers).set({ userId }).where(eq(customers.id, id));
    }
    const [user] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId));
    if (user?.passwordHash) throw conflict(`${row.name} already has a store login.`);
    // A new link replaces any earlier one.
    await db
      .update(passwordResetTokens)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          eq(passwordResetTokens.userId, userId),
          eq(passwordResetTokens.purpose, 'invitation'),
          isNull(passwordResetTokens.usedAt),
        ),
      );
    const { token, hash } = newToken();
    await db.insert(passwordResetTokens).values({
      firmId: actor.firmId,
      userId,
      purpose: 'invitation',
      tokenHash: hash,
      createdBy: actor.userId,
      expiresAt: sql`now() + interval '7 days'`,
    });
    const [firm] = await db.select({ name: firms.name }).from(firms).where(eq(firms.id, actor.firmId));
    const firmName = firm?.name || DEFAULT_FIRM_NAME;
    await queueEmail(
      db,
      actor.firmId,
      invitationEmail(
        email,
        row.firstName,
        firmName,
        firmName,
        `${deps.config.appUrl}/reset-password#invitation=${token}`,
        7,
      ),
    );
  } else {
    if (!row.userId) throw conflict(`${row.name} has no store login.`);
    await db
      .update(users)
      .set({ active: action === 'enable' })
      .where(eq(users.id, row.userId));
    if (action === 'disable') await endUserSessions(db, row.userId);
  }
  await recordAudit(db, actor, { entityType: 'customer', entityId: id, action: `store-login-${action}` });
  return getCustomer(db, id);
}

const setArchived = (db: Executor, actor: Actor, ids: string[], archived: boolean) =>
  archiveRows(db, actor, customers, 'customer', ids, archived);

export async function archiveCustomer(db: Executor, actor: Actor, id: string, archived: boolean): Promise<Customer> {
  await archiveOne(db, actor, customers, KINDS.customer, id, archived);
  return getCustomer(db, id);
}

/** Hard delete, only when nothing refers to the customer (a store login does). */
export async function deleteCustomer(db: Executor, actor: Actor, id: string): Promise<void> {
  const before = await findRow(db, id, true);
  if (before.userId) throw conflict(`${before.name} has a store login. Archive the customer instead.`);
  await db.delete(customers).where(eq(customers.id, id));
  const [gone] = await audited(db, before);
  await recordAudit(db, actor, { entityType: 'customer', entityId: id, action: 'delete', before: gone });
}

export async function bulkCustomers(db: Executor, actor: Actor, action: BulkAction): Promise<{ updated: number }> {
  const ids = [...new Set(action.ids)];
  if (action.action === 'assign') {
    await assertAssignee(db, action.assignee, 'assignee');
    return { updated: await assignRows(db, actor, customerAssignable, inArray(customers.id, ids), action.assignee) };
  }
  if (!hasCode(actor.codes, P.DELETE_USERS)) throw forbidden('You do not have permission to archive customers.');
  return { updated: await setArchived(db, actor, ids, action.action === 'archive') };
}

/** Customers that look like the one being entered: same name, an email or a phone in common. */
export async function findDuplicateCustomers(
  db: Executor,
  query: { name?: string; email?: string; phone?: string; exclude?: string },
): Promise<DuplicateMatch[]> {
  const name = query.name?.trim().toLowerCase() ?? '';
  const email = query.email?.trim().toLowerCase() ?? '';
  const digits = query.phone?.replace(/\D/g, '') ?? '';
  const checks: SQL[] = [];
  if (name) checks.push(eq(customers.nameKey, name));
  // Email and phone go through the search text's index (it holds both, lower-cased; phones as digits).
  const patterns = [email && likePattern(email), digits.length >= 7 && likePattern(digits)].filter((p): p is string =>
    Boolean(p),
  );
  if (patterns.length) checks.push(textMatches(customers, customers.id, patterns));
  if (checks.length === 0) return [];
  const rows = await db
    .select({ _id: customers.id, name: customers.name, search: customers.searchText })
    .from(customers)
    .where(
      and(or(...checks), query.exclude && isUuid(query.exclude) ? sql`${customers.id} <> ${query.exclude}` : undefined),
    )
    .limit(5);
  return rows
    .map((r) => ({
      _id: r._id,
      name: r.name,
      reason: [
        name && r.name.toLowerCase() === name && 'same name',
        email && r.search.includes(email) && 'same email',
        digits.length >= 7 && r.search.includes(digits) && 'same phone',
      ]
        .filter(Boolean)
        .join(', '),
    }))
    .filter((match) => match.reason);
}

export const CUSTOMER_CSV_COLUMNS: [string, (r: CustomerRow) => unknown][] = [
  ['Name', (r) => r.name],
  ['Account', (r) => r.company?.name ?? ''],
  ['Email', (r) => r.email],
  ['Phone', (r) => r.phone],
  ['City', (r) => r.city],
  ['Assigned to', (r) => r.assignedTo?.name ?? ''],
  ['Source', (r) => r.source],
  ['Tags', (r) => r.tags],
  ['Marketing consent', (r) => (r.marketingConsent ? 'yes' : 'no')],
  ['Created', (r) => r.createdAt],
  ['Updated', (r) => r.updatedAt],
  ['Archived', (r) => (r.archived ? 'yes' : 'no')],
];
