import {
  type Customer,
  type CustomerRow,
  customerInputSchema,
  DEFAULT_FIRM_NAME,
  type DuplicateMatch,
  KINDS,
} from '@atelier/contracts';
import { and, eq, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '../../db/client';
import { qualified } from '../../db/columns';
import { isUuid } from '../../db/ids';
import { recordAudit } from '../../platform/audit/audit.service';
import { passwordResetTokens } from '../../platform/auth/auth.table';
import { endUserSessions } from '../../platform/auth/sessions';
import { newToken } from '../../platform/auth/tokens';
import { queueEmail } from '../../platform/email/outbox.service';
import { invitationEmail } from '../../platform/email/templates';
import type { Actor } from '../../platform/http/access';
import { badRequest, conflict, conflictOnDuplicate } from '../../platform/http/errors';
import type { AppDeps } from '../../platform/http/routes';
import { firms } from '../../platform/identity/firms.table';
import { users } from '../../platform/identity/users.table';
import { buildSearchText, idsIn, likePattern, textIn, textMatches, yesNo } from '../../platform/lists/list';
import { defineRecordType, personColumn, refColumn } from '../../platform/records/lifecycle';
import { assertAssignee, updateVersioned } from '../../platform/records/records';
import { getSettings } from '../../platform/settings/settings.service';
import { ambassadors, assertReferrer } from '../ambassadors';
import { assertCompany, companies } from '../companies';
import { createUser } from '../users';
import { customers } from './customers.table';

type Input = z.output<typeof customerInputSchema>;

const assignee = personColumn(customers.assignedTo);
const company = refColumn(customers.companyId, companies, companies.name);
const ambassador = refColumn(customers.ambassadorId, ambassadors, ambassadors.name);
const login = sql<
  Customer['login']
>`(SELECT CASE WHEN NOT u.active THEN 'disabled' WHEN u.password_hash IS NULL THEN 'invited' ELSE 'active' END
  FROM users u WHERE u.id = ${qualified(customers.userId)})`;

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

/** Customers: people the firm sells to, with their accounts, referrers and store logins. */
export const customerType = defineRecordType<typeof customers, typeof customerInputSchema, Customer, CustomerRow>({
  kind: KINDS.customer,
  table: customers,
  input: customerInputSchema,
  title: (row) => row.name,
  search: {
    title: customers.name,
    subtitle: sql<string>`concat_ws(' · ', NULLIF(${customers.primaryEmail}, ''), NULLIF(${customers.phones}->0->>'number', ''))`,
    text: customers.searchText,
  },
  columns: async (db, actor, input, before, options) => {
    await assertCompany(db, input.company);
    await assertReferrer(
      db,
      actor,
      input.ambassador,
      before ? before.ambassadorId : (options.keptReferral ?? null),
      'customer',
    );
    await assertAssignee(db, input.assignedTo);
    const { company: companyId, ambassador: ambassadorId, ...rest } = input;
    // A firm that takes marketing consent when it takes a customer's details says so once
    // (customer settings, 12): new customers start consenting, from now; a record's own
    // settings tab changes it afterwards.
    const consent =
      before === null && (await getSettings(db, actor.firmId, { banking: false })).customerSettings.consentByDefault
        ? { marketingConsent: true, consentAt: sql`now()` }
        : {};
    return { ...rest, companyId, ambassadorId, ...derived(input), ...consent };
  },
  audited: (r) => ({
    firstName: r.firstName,
    lastName: r.lastName,
    company: r.companyId,
    ambassador: r.ambassadorId,
    emails: r.emails,
    phones: r.phones,
    addresses: r.addresses,
    assignedTo: r.assignedTo,
    source: r.source,
    tags: r.tags,
    notes: r.notes,
  }),
  people: ['assignedTo'],
  names: {
    company: { table: companies, id: companies.id, name: companies.name },
    ambassador: { table: ambassadors, id: ambassadors.id, name: ambassadors.name },
  },
  extra: { company, ambassador, assignee, login },
  detail: (r, extra) => ({
    firstName: r.firstName,
    lastName: r.lastName,
    name: r.name,
    company: extra.company as Customer['company'],
    ambassador: extra.ambassador as Customer['ambassador'],
    emails: r.emails,
    phones: r.phones,
    addresses: r.addresses,
    assignedTo: extra.assignee as Customer['assignedTo'],
    source: r.source,
    tags: r.tags,
    notes: r.notes,
    marketingConsent: r.marketingConsent,
    consentAt: r.consentAt?.toISOString() ?? null,
    taxExempt: r.taxExempt,
    login: (extra.login as Customer['login'] | null) ?? 'none',
  }),
  assignable: {},
  list: {
    filters: {
      company: idsIn(customers.companyId, 'account', true),
      ambassador: idsIn(customers.ambassadorId, 'ambassador', true),
      assigned: idsIn(customers.assignedTo, 'assignee', true),
      source: textIn(customers.source),
      consent: yesNo(sql`${customers.marketingConsent}`, 'consent'),
    },
    // The first email (which also sorts), phone and city.
    rowFields: {
      company,
      email: customers.primaryEmail,
      phone: sql<string>`COALESCE(${customers.phones}->0->>'number', '')`,
      city: sql<string>`COALESCE(${customers.addresses}->0->>'city', '')`,
    },
  },
  // A store login refers to the customer.
  refuseDelete: (row) => (row.userId ? `${row.name} has a store login. Archive the customer instead.` : null),
  // What other modules keep of a customer (their jobs) is their history: deleting is refused while it exists.
  references: { verb: 'has' },
  duplicates: (db, query) => findDuplicateCustomers(db, query),
});

/** The settings tab: marketing consent (with the date it was given) and tax exemption. */
export async function updateConsent(
  db: Executor,
  actor: Actor,
  id: string,
  consent: boolean,
  version: number,
  taxExempt?: boolean,
): Promise<Customer> {
  const before = await customerType.findRow(db, id, true);
  const exempt = taxExempt ?? before.taxExempt;
  const after = await updateVersioned(db, actor, customers, id, version, 'customer', {
    marketingConsent: consent,
    consentAt: consent ? (before.marketingConsent ? before.consentAt : sql`now()`) : null,
    taxExempt: exempt,
  });
  await recordAudit(db, actor, {
    entityType: 'customer',
    entityId: id,
    action: 'update',
    version: after.version,
    before: { marketingConsent: before.marketingConsent, taxExempt: before.taxExempt },
    after: { marketingConsent: consent, taxExempt: exempt },
  });
  return customerType.get(db, actor, id);
}

/** Store login: an invitation to set a password, or turning an existing login off and on. */
export async function setStoreLogin(
  db: Executor,
  actor: Actor,
  deps: AppDeps,
  id: string,
  action: 'invite' | 'disable' | 'enable',
): Promise<Customer> {
  const row = await customerType.findRow(db, id, true);
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
  return customerType.get(db, actor, id);
}

/** Customers that look like the one being entered: same name, an email or a phone in common. */
async function findDuplicateCustomers(
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
