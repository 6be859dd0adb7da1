import { KINDS, P } from '@atelier/contracts';
import { sql } from 'drizzle-orm';
import { byPeriod, defineJournalSource } from '../../platform/modules/journal';
import { getSettingsGroup } from '../../platform/settings/settings.service';
import { vendors } from '../vendors';
import { expenses } from './expenses.table';
import { moneyAccounts } from './money-accounts.table';

/** A card's money is owed on the card's account; a bank or cash account's leaves the bank. */
const paidFromRole = (type: string) => (type === 'card' ? ('credit_card' as const) : ('bank' as const));

/**
 * What an expense puts in the books (decisions 0045 and 0047): its amount on its category's
 * expense account, its tax on tax paid on purchases, and the whole out of the money account it
 * was paid from. Commission payouts are expenses too (category "Commissions"). Sent with the
 * vendors' sync code (156): money paid to the firm's suppliers.
 */
export const expenseJournal = defineJournalSource({
  key: 'expense',
  label: 'Expenses',
  noun: 'expense',
  kind: KINDS.expense,
  syncCode: P.SYNC_VENDORS,
  documents: async (db, firmId, which) => {
    const rows = await db.execute<{
      id: string;
      version: number;
      date: string;
      category: string;
      payee: string;
      reference: string;
      vendor_id: string | null;
      vendor: string | null;
      amount: string;
      tax: string;
      account_id: string;
      account_type: string;
    }>(sql`
      SELECT e.id, e.version, e.spent_on::text AS date, e.category, e.payee, e.reference, e.vendor_id,
             v.name AS vendor, e.amount_cents::text AS amount, e.tax_cents::text AS tax,
             a.id AS account_id, a.type AS account_type
        FROM ${expenses} e JOIN ${moneyAccounts} a ON a.id = e.money_account_id
        LEFT JOIN ${vendors} v ON v.id = e.vendor_id
       WHERE e.firm_id = ${firmId}
         AND ${
           byPeriod(which)
             ? sql`e.spent_on BETWEEN ${which.from}::date AND ${which.to}::date`
             : sql`e.id = ANY(${sql.param(which.ids)}::uuid[])`
         }
       ORDER BY e.spent_on, e.id`);
    return rows.rows.map((r) => {
      const amount = Number(r.amount);
      const tax = Number(r.tax);
      const payee = r.vendor ?? r.payee;
      return {
        id: r.id,
        version: r.version,
        number: `Expense ${r.date} ${payee}`.slice(0, 80),
        date: r.date,
        party: r.vendor_id
          ? { type: 'vendor' as const, id: r.vendor_id, name: r.vendor! }
          : payee
            ? { type: 'other' as const, id: null, name: payee }
            : null,
        memo: [r.category, payee, r.reference].filter(Boolean).join(' · ').slice(0, 200),
        lines: [
          { role: 'expense' as const, key: r.category, debitCents: amount, creditCents: 0, memo: r.category },
          { role: 'purchase_tax' as const, debitCents: tax, creditCents: 0, memo: 'Tax' },
          {
            role: paidFromRole(r.account_type),
            key: r.account_id,
            debitCents: 0,
            creditCents: amount + tax,
            memo: 'Paid',
          },
        ],
      };
    });
  },
  accountKeys: async (db, firmId) => {
    const accounts = await db
      .select({ id: moneyAccounts.id, name: moneyAccounts.name, type: moneyAccounts.type })
      .from(moneyAccounts)
      .where(sql`${moneyAccounts.firmId} = ${firmId}`)
      .orderBy(moneyAccounts.name);
    const { categories } = await getSettingsGroup(db, firmId, 'expenseSettings');
    return [
      ...accounts.map((a) => ({ role: paidFromRole(a.type), key: a.id, label: a.name })),
      ...categories.map((c) => ({ role: 'expense' as const, key: c, label: c })),
    ];
  },
});
