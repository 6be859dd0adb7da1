import { customerInputSchema, type portalDetailsSchema } from '@atelier/contracts';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tx } from '../../db/client';
import { emailResetLink } from '../../platform/auth/auth.service';
import { mayEmailReset } from '../../platform/auth/throttle';
import { hashToken } from '../../platform/auth/tokens';
import type { AppDeps } from '../../platform/http/routes';
import { customers, customerType } from '../customers';
import { customerActor, findStoreLogin, type Store, type StoreCustomer } from './customer-session';
import type { PortalDetails } from './pages/portal-account';

type Row = typeof customers.$inferSelect;

async function customerRow(db: Tx, customer: StoreCustomer): Promise<Row> {
  const [row] = await db.select().from(customers).where(eq(customers.id, customer.customerId));
  return row!;
}

/** The customer's details as their page shows them: their record's name, first phone and first address. */
export async function portalDetails(db: Tx, customer: StoreCustomer): Promise<PortalDetails> {
  const row = await customerRow(db, customer);
  const a = row.addresses[0];
  return {
    firstName: row.firstName,
    lastName: row.lastName,
    email: customer.email,
    phone: row.phones[0]?.number ?? '',
    address: {
      line1: a?.line1 ?? '',
      line2: a?.line2 ?? '',
      city: a?.city ?? '',
      region: a?.region ?? '',
      postalCode: a?.postalCode ?? '',
      country: a?.country ?? 'US',
    },
  };
}

/**
 * The customer changes their name, first phone and first address: saved through the customer
 * record's own update (its checks, version and history, written as the customer), everything else
 * of the record kept as the firm has it.
 */
export async function savePortalDetails(
  db: Tx,
  store: Store,
  customer: StoreCustomer,
  input: z.output<typeof portalDetailsSchema>,
): Promise<void> {
  const row = await customerRow(db, customer);
  const phones = input.phone
    ? [{ label: row.phones[0]?.label ?? '', number: input.phone }, ...row.phones.slice(1)]
    : row.phones.slice(1);
  const { phone: _p, firstName, lastName, ...address } = input;
  const addresses = address.line1
    ? [
        { kind: row.addresses[0]?.kind ?? 'home', label: row.addresses[0]?.label ?? '', ...address },
        ...row.addresses.slice(1),
      ]
    : row.addresses.slice(1);
  await customerType.update(db, customerActor(store, customer), row.id, {
    ...customerInputSchema.parse({
      firstName,
      lastName,
      company: row.companyId,
      ambassador: row.ambassadorId,
      emails: row.emails,
      phones,
      addresses,
      assignedTo: row.assignedTo,
      source: row.source,
      tags: row.tags,
      notes: row.notes,
    }),
    version: row.version,
  });
  // The name they sign in with goes along with their record's.
  await db.execute(
    sql`UPDATE users SET first_name = ${firstName}, last_name = ${lastName} WHERE id = ${customer.userId}`,
  );
}

/**
 * POST /store/{slug}/account/forgot: a link to choose a new password, emailed to a store login of
 * this store's firm with that address; the answer is the same whether or not there is one.
 */
export async function requestStoreReset(db: Tx, deps: AppDeps, store: Store, email: string): Promise<void> {
  if (!(await mayEmailReset(db, deps.config, email))) return;
  const login = await findStoreLogin(db, store, email);
  if (!login) return;
  // A page without a script reads the token from its path, which logs blank and whose page sends
  // no Referer (security.ts TOKEN_PATHS); it works once, for `resetTokenMinutes`.
  await emailResetLink(
    db,
    deps,
    { firmId: store.firmId, userId: login.user_id, firstName: login.first_name, email: login.email },
    (token) => `${deps.config.appUrl}/store/${store.slug}/account/reset/${token}`,
  );
}

/**
 * The address a store customer's reset link is for, or null when the link does not work here:
 * used, expired, unknown, or another firm's or a staff member's (their links are their own).
 */
export async function storeResetEmail(db: Tx, store: Store, token: string): Promise<string | null> {
  if (token.length < 20 || token.length > 200) return null;
  const [row] = (
    await db.execute<{ email: string }>(sql`
      SELECT t.email FROM auth_peek_token(${hashToken(token)}, 'reset_password') t
        JOIN users u ON u.id = t.user_id AND u.kind = 'customer'
       WHERE t.firm_id = ${store.firmId}`)
  ).rows;
  return row?.email ?? null;
}
