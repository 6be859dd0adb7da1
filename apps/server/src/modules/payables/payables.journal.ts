import { KINDS, P, PAYMENT_METHOD_LABELS } from '@atelier/contracts';
import { sql } from 'drizzle-orm';
import { byPeriod, defineJournalSource, type JournalLine } from '../../platform/modules/journal';
import { moneyAccounts } from '../expenses';
import { vendors } from '../vendors';
import { billPayments, vendorBillLines, vendorBills, vendorCredits } from './payables.table';

/**
 * What payables put in the books (decisions 0046 and 0047). A bill, once entered, is owed: what
 * it bills of received orders goes to inventory, its own lines (freight, charges) to expenses,
 * its tax to tax on purchases, the whole to accounts payable. A payment takes what it puts on
 * bills off payables and the rest is an advance (vendor credits) until applied, out of the
 * account it was paid from; a vendor credit is the same, against inventory.
 */

const when = (which: Parameters<typeof byPeriod>[0], date: ReturnType<typeof sql>, id: ReturnType<typeof sql>) =>
  byPeriod(which)
    ? sql`${date} BETWEEN ${which.from}::date AND ${which.to}::date`
    : sql`${id} = ANY(${sql.param(which.ids)}::uuid[])`;

/** An entered bill (not a draft, not void): inventory and expenses, and tax, against accounts payable. */
export const vendorBillJournal = defineJournalSource({
  key: 'vendor_bill',
  label: 'Vendor bills',
  noun: 'vendor bill',
  kind: KINDS.vendor_bill,
  syncCode: P.SYNC_PURCHASE_ORDERS,
  documents: async (db, firmId, which) => {
    const rows = await db.execute<{
      id: string;
      version: number;
      bill_number: string;
      date: string;
      vendor_id: string;
      vendor: string;
      notes: string;
      ordered: string;
      own: string;
      tax: string;
      total: string;
    }>(sql`
      SELECT b.id, b.version, b.bill_number, b.bill_date::text AS date, b.vendor_id, v.name AS vendor, b.notes,
             COALESCE((SELECT sum(l.total_cents) FROM ${vendorBillLines} l
                        WHERE l.bill_id = b.id AND l.purchase_order_line_id IS NOT NULL), 0)::text AS ordered,
             COALESCE((SELECT sum(l.total_cents) FROM ${vendorBillLines} l
                        WHERE l.bill_id = b.id AND l.purchase_order_line_id IS NULL), 0)::text AS own,
             b.tax_cents::text AS tax, b.total_cents::text AS total
        FROM ${vendorBills} b JOIN ${vendors} v ON v.id = b.vendor_id
       WHERE b.firm_id = ${firmId} AND b.status IN ('open', 'partially_paid', 'paid')
         AND ${when(which, sql`b.bill_date`, sql`b.id`)}
       ORDER BY b.bill_date, b.bill_number, b.id`);
    return rows.rows.map((r) => ({
      id: r.id,
      version: r.version,
      number: `Bill ${r.bill_number}`,
      date: r.date,
      party: { type: 'vendor' as const, id: r.vendor_id, name: r.vendor },
      memo: [`Bill ${r.bill_number}`, r.notes].filter(Boolean).join(' · ').slice(0, 200),
      lines: [
        {
          role: 'inventory' as const,
          debitCents: Number(r.ordered),
          creditCents: 0,
          memo: 'Received on purchase orders',
        },
        { role: 'expense' as const, debitCents: Number(r.own), creditCents: 0, memo: 'Freight and charges' },
        { role: 'purchase_tax' as const, debitCents: Number(r.tax), creditCents: 0, memo: 'Tax' },
        { role: 'accounts_payable' as const, debitCents: 0, creditCents: Number(r.total), memo: 'Owed to the vendor' },
      ],
    }));
  },
});

/** A payment to a vendor: payables settled as applied, the rest an advance, out of the account paid from. */
export const billPaymentJournal = defineJournalSource({
  key: 'bill_payment',
  label: 'Bill payments',
  noun: 'bill payment',
  kind: KINDS.bill_payment,
  syncCode: P.SYNC_PAYMENTS,
  documents: async (db, firmId, which) => {
    const rows = await db.execute<{
      id: string;
      version: number;
      number: number;
      date: string;
      method: string;
      reference: string;
      vendor_id: string;
      vendor: string;
      amount: string;
      applied: string;
      account_id: string | null;
      account_type: string | null;
    }>(sql`
      SELECT p.id, p.version, p.number, p.paid_on::text AS date, p.method, p.reference, p.vendor_id,
             v.name AS vendor, p.amount_cents::text AS amount, p.applied_cents::text AS applied,
             a.id AS account_id, a.type AS account_type
        FROM ${billPayments} p JOIN ${vendors} v ON v.id = p.vendor_id
        LEFT JOIN ${moneyAccounts} a ON a.id = p.money_account_id
       WHERE p.firm_id = ${firmId} AND ${when(which, sql`p.paid_on`, sql`p.id`)}
       ORDER BY p.paid_on, p.number`);
    return rows.rows.map((r) => {
      const amount = Number(r.amount);
      const applied = Number(r.applied);
      const paidFrom: JournalLine = {
        // A card pays on the card's account; a bank or cash account (or none said) on the bank.
        role: r.account_type === 'card' ? 'credit_card' : 'bank',
        ...(r.account_id ? { key: r.account_id } : {}),
        debitCents: 0,
        creditCents: amount,
        memo: PAYMENT_METHOD_LABELS[r.method as keyof typeof PAYMENT_METHOD_LABELS] ?? r.method,
      };
      return {
        id: r.id,
        version: r.version,
        number: `Bill payment ${r.number}`,
        date: r.date,
        party: { type: 'vendor' as const, id: r.vendor_id, name: r.vendor },
        memo: [`Bill payment ${r.number}`, r.reference].filter(Boolean).join(' · '),
        lines: [
          { role: 'accounts_payable' as const, debitCents: applied, creditCents: 0, memo: 'Applied to bills' },
          {
            role: 'vendor_credits' as const,
            debitCents: amount - applied,
            creditCents: 0,
            memo: 'Advance, not applied yet',
          },
          paidFrom,
        ],
      };
    });
  },
});

/** A vendor credit (not void): payables settled as applied, the rest held as credit, against inventory. */
export const vendorCreditJournal = defineJournalSource({
  key: 'vendor_credit',
  label: 'Vendor credits',
  noun: 'vendor credit',
  kind: KINDS.vendor_credit,
  syncCode: P.SYNC_CREDIT_MEMOS,
  documents: async (db, firmId, which) => {
    const rows = await db.execute<{
      id: string;
      version: number;
      number: number;
      date: string;
      reason: string;
      reference: string;
      vendor_id: string;
      vendor: string;
      amount: string;
      applied: string;
    }>(sql`
      SELECT c.id, c.version, c.number, c.issue_date::text AS date, c.reason, c.reference, c.vendor_id,
             v.name AS vendor, c.amount_cents::text AS amount, c.applied_cents::text AS applied
        FROM ${vendorCredits} c JOIN ${vendors} v ON v.id = c.vendor_id
       WHERE c.firm_id = ${firmId} AND c.status <> 'void' AND ${when(which, sql`c.issue_date`, sql`c.id`)}
       ORDER BY c.issue_date, c.number`);
    return rows.rows.map((r) => {
      const amount = Number(r.amount);
      const applied = Number(r.applied);
      return {
        id: r.id,
        version: r.version,
        number: `VC-${r.number}`,
        date: r.date,
        party: { type: 'vendor' as const, id: r.vendor_id, name: r.vendor },
        memo: [`VC-${r.number}`, r.reference, r.reason].filter(Boolean).join(' · ').slice(0, 200),
        lines: [
          { role: 'accounts_payable' as const, debitCents: applied, creditCents: 0, memo: 'Applied to bills' },
          { role: 'vendor_credits' as const, debitCents: amount - applied, creditCents: 0, memo: 'Not applied yet' },
          { role: 'inventory' as const, debitCents: 0, creditCents: amount, memo: 'Credit from the vendor' },
        ],
      };
    });
  },
});

export const payablesJournal = [vendorBillJournal, billPaymentJournal, vendorCreditJournal];
