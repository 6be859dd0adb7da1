import { type MoneyAccount, type MoneyAccountInput, moneyAccountLabel, SETTINGS_KINDS } from '@atelier/contracts';
import { asc, eq, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { qualified } from '../../db/columns';
import { isUuid } from '../../db/ids';
import { recordAudit } from '../../platform/audit/audit.service';
import type { Actor } from '../../platform/http/access';
import { badRequest, conflict, conflictOnDuplicate, HttpError, notFound } from '../../platform/http/errors';
import { updateVersioned } from '../../platform/records/records';
import { expenses } from './expenses.table';
import { moneyAccounts } from './money-accounts.table';

const { noun } = SETTINGS_KINDS.moneyAccount;
type Row = typeof moneyAccounts.$inferSelect;

/**
 * What else pays from a money account (payments to vendors), registered by the module that
 * keeps it so this one need not import it: removing an account is refused while any row does.
 */
export type MoneyAccountUse = { table: PgTable; column: AnyPgColumn; noun: string; plural?: string };
const uses: MoneyAccountUse[] = [{ table: expenses, column: expenses.moneyAccountId, noun: 'expense' }];

export function registerMoneyAccountUse(use: MoneyAccountUse): void {
  if (!uses.some((u) => u.table === use.table && u.column === use.column)) uses.push(use);
}

const expenseCount = sql<number>`(SELECT count(*)::int FROM ${expenses} e WHERE e.money_account_id = ${qualified(moneyAccounts.id)})`;

/** GET /money-accounts: the firm's accounts, by name. */
export async function listMoneyAccounts(db: Executor): Promise<MoneyAccount[]> {
  return db
    .select({
      _id: moneyAccounts.id,
      name: moneyAccounts.name,
      type: moneyAccounts.type,
      lastFour: moneyAccounts.lastFour,
      version: moneyAccounts.version,
      expenses: expenseCount,
    })
    .from(moneyAccounts)
    .orderBy(asc(sql`lower(${moneyAccounts.name})`), asc(moneyAccounts.id));
}

const one = async (db: Executor, id: string) => (await listMoneyAccounts(db)).find((a) => a._id === id)!;
const taken = (name: string) => `An account named "${name}" already exists.`;
const audited = (r: Pick<Row, 'name' | 'type' | 'lastFour'>) => ({ name: r.name, type: r.type, lastFour: r.lastFour });

export async function addMoneyAccount(db: Executor, actor: Actor, input: Required<MoneyAccountInput>) {
  const [row] = await db
    .insert(moneyAccounts)
    .values({ firmId: actor.firmId, ...input, createdBy: actor.userId, updatedBy: actor.userId })
    .returning()
    .catch((e) => conflictOnDuplicate(e, taken(input.name), 'name'));
  await recordAudit(db, actor, {
    entityType: 'money_account',
    entityId: row!.id,
    action: 'create',
    after: audited(row!),
  });
  return one(db, row!.id);
}

export async function updateMoneyAccount(
  db: Executor,
  actor: Actor,
  id: string,
  input: Required<MoneyAccountInput> & { version: number },
) {
  const [before] = isUuid(id) ? await db.select().from(moneyAccounts).where(eq(moneyAccounts.id, id)) : [];
  if (!before) throw notFound(`This ${noun} does not exist.`);
  const { version, ...values } = input;
  const after = await updateVersioned(db, actor, moneyAccounts, id, version, noun, values).catch((e) => {
    if (e instanceof HttpError) throw e;
    return conflictOnDuplicate(e, taken(input.name), 'name');
  });
  await recordAudit(db, actor, {
    entityType: 'money_account',
    entityId: id,
    action: 'update',
    version: after.version,
    before: audited(before),
    after: audited(after),
  });
  return one(db, id);
}

const counted = (n: number, use: MoneyAccountUse) => `${n} ${n === 1 ? use.noun : (use.plural ?? `${use.noun}s`)}`;

/**
 * Removes an account nothing was paid from. Its row is locked first, so an expense saved at the
 * same moment either lands before (and the removal is refused) or fails its reference.
 */
export async function removeMoneyAccount(db: Executor, actor: Actor, id: string): Promise<void> {
  const [row] = isUuid(id)
    ? ((await db.execute(sql`SELECT * FROM ${moneyAccounts} WHERE id = ${id} FOR UPDATE`)).rows as {
        name: string;
        type: Row['type'];
        last_four: string;
      }[])
    : [];
  if (!row) throw notFound(`This ${noun} does not exist.`);
  const found: string[] = [];
  for (const use of uses) {
    const [{ n }] = (await db.select({ n: sql<number>`count(*)::int` }).from(use.table).where(eq(use.column, id))) as [
      { n: number },
    ];
    if (n > 0) found.push(counted(n, use));
  }
  if (found.length)
    throw conflict(`${row.name} was used to pay ${found.join(' and ')}: it stays, so their records keep it.`);
  await db.delete(moneyAccounts).where(eq(moneyAccounts.id, id));
  await recordAudit(db, actor, {
    entityType: 'money_account',
    entityId: id,
    action: 'delete',
    before: audited({ name: row.name, type: row.type, lastFour: row.last_four }),
  });
}

/**
 * The firm's money account `id`, or a 400 on `field` (another firm's is not seen: row-level
 * security hides it, so it reads as not on the list). For other modules that pay from one
 * (payments to vendors), as well as expenses.
 */
export async function checkMoneyAccount(
  db: Executor,
  firmId: string,
  id: string,
  field = 'paidFrom',
): Promise<{ id: string; name: string; type: Row['type']; label: string }> {
  const [found] = isUuid(id)
    ? await db
        .select({
          id: moneyAccounts.id,
          name: moneyAccounts.name,
          type: moneyAccounts.type,
          lastFour: moneyAccounts.lastFour,
        })
        .from(moneyAccounts)
        .where(sql`${moneyAccounts.id} = ${id} AND ${moneyAccounts.firmId} = ${firmId}`)
    : [];
  if (!found) {
    const message = 'Choose one of the firm’s money accounts (Settings › Firm › Banking).';
    throw badRequest(message, { [field]: message });
  }
  return { id: found.id, name: found.name, type: found.type, label: moneyAccountLabel(found) };
}

/** A money account's name as a record shows it ("Company card ·· 4242"), by its id column. */
export const moneyAccountRef = (column: AnyPgColumn): SQL =>
  sql`(SELECT json_build_object('_id', a.id, 'name', CASE WHEN a.last_four = '' THEN a.name ELSE a.name || ' ·· ' || a.last_four END)
    FROM ${moneyAccounts} a WHERE a.id = ${qualified(column)})`;
