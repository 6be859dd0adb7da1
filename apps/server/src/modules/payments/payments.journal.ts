import { KINDS, P, PAYMENT_METHOD_LABELS } from '@atelier/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { byPeriod, defineJournalSource, type JournalPeriod } from '../../platform/modules/journal';
import { creditMemos, payments } from './payments.table';

/**
 * What money received, paid back and credited puts in the books (decision 0047). The share of a
 * payment or a credit memo on invoices settles receivables; the rest is the customer's credit
 * until it is applied (then the document's entry changes, and the next export sends the change).
 */

type PaymentRow = {
  id: string;
  version: number;
  number: number;
  date: string;
  method: string;
  reference: string;
  customer_id: string;
  customer: string;
  amount_cents: string;
  applied_cents: string;
  memo: string | null;
};

const paymentRows = (db: Executor, firmId: string, which: JournalPeriod | { ids: string[] }, sign: SQL) =>
  db.execute<PaymentRow>(sql`
    SELECT p.id, p.version, p.number, p.received_on::text AS date, p.method, p.reference, p.customer_id,
           c.name AS customer, p.amount_cents::text, p.applied_cents::text, m.prefix || m.number AS memo
      FROM ${payments} p JOIN customers c ON c.id = p.customer_id
      LEFT JOIN ${creditMemos} m ON m.id = p.credit_memo_id
     WHERE p.firm_id = ${firmId} AND ${sign} AND ${
       byPeriod(which)
         ? sql`p.received_on BETWEEN ${which.from}::date AND ${which.to}::date`
         : sql`p.id = ANY(${sql.param(which.ids)}::uuid[])`
     }
     ORDER BY p.received_on, p.number`);

/** A payment: into undeposited funds (per method); off receivables as applied, the rest customer credit. */
export const paymentJournal = defineJournalSource({
  key: 'payment',
  label: 'Payments',
  noun: 'payment',
  kind: KINDS.payment,
  syncCode: P.SYNC_PAYMENTS,
  documents: async (db, firmId, which) =>
    (await paymentRows(db, firmId, which, sql`p.amount_cents > 0`)).rows.map((r) => {
      const amount = Number(r.amount_cents);
      const applied = Number(r.applied_cents);
      return {
        id: r.id,
        version: r.version,
        number: `Payment ${r.number}`,
        date: r.date,
        party: { type: 'customer' as const, id: r.customer_id, name: r.customer },
        memo: [`Payment ${r.number}`, r.reference].filter(Boolean).join(' · '),
        lines: [
          {
            role: 'undeposited_funds' as const,
            key: r.method,
            debitCents: amount,
            creditCents: 0,
            memo: PAYMENT_METHOD_LABELS[r.method as keyof typeof PAYMENT_METHOD_LABELS] ?? r.method,
          },
          { role: 'accounts_receivable' as const, debitCents: 0, creditCents: applied, memo: 'Applied to invoices' },
          { role: 'customer_credit' as const, debitCents: 0, creditCents: amount - applied, memo: 'Not applied yet' },
        ],
      };
    }),
  accountKeys: async () =>
    Object.entries(PAYMENT_METHOD_LABELS).map(([key, label]) => ({ role: 'undeposited_funds' as const, key, label })),
});

/** A refund (a negative payment against a credit memo): the customer's credit paid out of the bank. */
export const refundJournal = defineJournalSource({
  key: 'refund',
  label: 'Refunds',
  noun: 'refund',
  kind: KINDS.payment,
  syncCode: P.SYNC_REFUNDS,
  documents: async (db, firmId, which) =>
    (await paymentRows(db, firmId, which, sql`p.amount_cents < 0`)).rows.map((r) => {
      const amount = -Number(r.amount_cents);
      return {
        id: r.id,
        version: r.version,
        number: `Refund ${r.number}`,
        date: r.date,
        party: { type: 'customer' as const, id: r.customer_id, name: r.customer },
        memo: [`Refund ${r.number}`, r.memo ? `of ${r.memo}` : '', r.reference].filter(Boolean).join(' · '),
        lines: [
          { role: 'customer_credit' as const, debitCents: amount, creditCents: 0, memo: 'Credit refunded' },
          {
            role: 'bank' as const,
            debitCents: 0,
            creditCents: amount,
            memo: PAYMENT_METHOD_LABELS[r.method as keyof typeof PAYMENT_METHOD_LABELS] ?? r.method,
          },
        ],
      };
    }),
});

type MemoRow = {
  id: string;
  version: number;
  number: string;
  date: string;
  reason: string;
  customer_id: string;
  customer: string;
  amount_cents: string;
  applied_cents: string;
};

/** A credit memo (not void): a sales return or allowance, off receivables as applied, the rest customer credit. */
export const creditMemoJournal = defineJournalSource({
  key: 'credit_memo',
  label: 'Credit memos',
  noun: 'credit memo',
  kind: KINDS.credit_memo,
  syncCode: P.SYNC_CREDIT_MEMOS,
  documents: async (db, firmId, which) => {
    const rows = await db.execute<MemoRow>(sql`
      SELECT m.id, m.version, m.prefix || m.number AS number, m.issue_date::text AS date, m.reason, m.customer_id,
             c.name AS customer, m.amount_cents::text, m.applied_cents::text
        FROM ${creditMemos} m JOIN customers c ON c.id = m.customer_id
       WHERE m.firm_id = ${firmId} AND m.status <> 'void' AND ${
         byPeriod(which)
           ? sql`m.issue_date BETWEEN ${which.from}::date AND ${which.to}::date`
           : sql`m.id = ANY(${sql.param(which.ids)}::uuid[])`
       }
       ORDER BY m.issue_date, m.number`);
    return rows.rows.map((r) => {
      const amount = Number(r.amount_cents);
      const applied = Number(r.applied_cents);
      return {
        id: r.id,
        version: r.version,
        number: r.number,
        date: r.date,
        party: { type: 'customer' as const, id: r.customer_id, name: r.customer },
        memo: `Credit memo ${r.number}: ${r.reason}`.slice(0, 200),
        lines: [
          { role: 'sales_returns' as const, debitCents: amount, creditCents: 0, memo: 'Credit given' },
          { role: 'accounts_receivable' as const, debitCents: 0, creditCents: applied, memo: 'Applied to invoices' },
          { role: 'customer_credit' as const, debitCents: 0, creditCents: amount - applied, memo: 'Not applied yet' },
        ],
      };
    });
  },
});
