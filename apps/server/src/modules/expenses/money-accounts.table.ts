import { MONEY_ACCOUNT_TYPES, type MoneyAccountType } from '@atelier/contracts';
import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { firmId, firmIsolation, id, oneOf, recordColumns } from '../../db/columns';
import { firms } from '../../platform/identity/firms.table';

/**
 * The firm's money accounts (bank, card, cash), kept on /s/firm banking: what an expense or a
 * payment to a vendor is paid from, and what the accounting export maps to a ledger account.
 */
export const moneyAccounts = pgTable(
  'money_accounts',
  {
    id: id(),
    firmId: firmId(() => firms.id),
    name: text('name').notNull(),
    type: text('type').$type<MoneyAccountType>().notNull(),
    /** The last four digits, to tell two cards apart; never a whole number. */
    lastFour: text('last_four').notNull().default(''),
    ...recordColumns(),
  },
  (t) => [
    uniqueIndex('money_accounts_name_uq').on(t.firmId, sql`lower(${t.name})`),
    index('money_accounts_created_idx').on(t.firmId, t.createdAt, t.id),
    check('money_accounts_type_check', oneOf('type', MONEY_ACCOUNT_TYPES)),
    check('money_accounts_last_four_check', sql`last_four ~ '^([0-9]{4})?$'`),
    firmIsolation(t.firmId),
  ],
);
