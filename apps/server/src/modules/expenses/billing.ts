import { type BillableExpense, type DocumentLineValues, documentLineInputSchema } from '@atelier/contracts';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { isUuid } from '../../db/ids';
import { badRequest, conflict } from '../../platform/http/errors';
import { customerJobs } from '../jobs';
import { vendors } from '../vendors';
import { expenses } from './expenses.table';

type Found = {
  id: string;
  category: string;
  paid_to: string;
  spent_on: string;
  reference: string;
  amount_cents: string;
  billable: boolean;
  customer_id: string | null;
  job_id: string;
  billed_on: string | null;
};

const described = (e: Pick<Found, 'spent_on' | 'reference'>) =>
  [`Spent ${e.spent_on}`, e.reference ? `ref. ${e.reference}` : ''].filter(Boolean).join(', ');

/**
 * The lines that bill a customer's billable expenses on an invoice (decision 0045): one each, at
 * the expense's amount before tax, taxed as the invoice taxes its own lines. The expenses are
 * locked first, then read again, so of two invoices made at once for the same expense the second
 * finds it billed (409) instead of billing it twice; `invoiceId` is the invoice being edited,
 * whose own lines do not count as billing it elsewhere. A unique index on
 * `invoice_lines.expense_id` is the last word.
 */
export async function expenseLines(
  db: Executor,
  customerId: string,
  ids: readonly string[],
  invoiceId: string | null,
  field = 'expenses',
): Promise<{ expenseId: string; jobId: string; line: DocumentLineValues }[]> {
  if (!ids.length) return [];
  const wanted = [...new Set(ids)];
  if (wanted.length !== ids.length)
    throw badRequest('An expense is named twice.', { [field]: 'Name each expense once.' });
  const valid = wanted.filter(isUuid);
  await db.execute(sql`SELECT id FROM ${expenses} WHERE id = ANY(${sql.param(valid)}::uuid[]) ORDER BY id FOR UPDATE`);
  // constant SQL names: invoice_lines and invoices are the invoices module's tables.
  const { rows } = await db.execute<Found>(sql`
    SELECT e.id, e.category, COALESCE(v.name, e.payee) AS paid_to, e.spent_on::text AS spent_on, e.reference,
           e.amount_cents::text AS amount_cents, e.billable, j.customer_id, e.customer_job_id AS job_id,
           (SELECT i.prefix || i.number FROM invoice_lines l JOIN invoices i ON i.id = l.invoice_id
             WHERE l.expense_id = e.id AND l.invoice_id IS DISTINCT FROM ${invoiceId}::uuid LIMIT 1) AS billed_on
      FROM ${expenses} e
      LEFT JOIN ${vendors} v ON v.id = e.vendor_id
      LEFT JOIN ${customerJobs} j ON j.id = e.customer_job_id
     WHERE e.id = ANY(${sql.param(valid)}::uuid[])`);
  const found = new Map(rows.map((r) => [r.id, r]));
  const errors: Record<string, string> = {};
  ids.forEach((id, i) => {
    const e = found.get(id);
    const at = `${field}.${i}`;
    if (!e) errors[at] = 'Choose an expense from the list.';
    else if (!e.billable) errors[at] = `${e.category} · ${e.paid_to} is not billable.`;
    else if (e.customer_id !== customerId) errors[at] = `${e.category} · ${e.paid_to} is for another customer’s job.`;
  });
  if (Object.keys(errors).length)
    throw badRequest(
      Object.keys(errors).length === 1 ? Object.values(errors)[0]! : 'Please correct the highlighted expenses.',
      errors,
    );
  const billed = ids.map((id) => found.get(id)!).find((e) => e.billed_on);
  if (billed)
    throw conflict(
      `${billed.category} · ${billed.paid_to} (${billed.spent_on}) is already billed on ${billed.billed_on}.`,
    );
  return ids.map((id) => {
    const e = found.get(id)!;
    return {
      expenseId: id,
      jobId: e.job_id,
      line: documentLineInputSchema.parse({
        name: `${e.category}: ${e.paid_to}`,
        description: described(e),
        quantity: 1,
        unitPriceCents: Number(e.amount_cents),
      }),
    };
  });
}

/**
 * GET /expenses/billable?customer=: the customer's billable expenses no invoice bills yet (a
 * void invoice's lines no longer do), oldest first: what a new invoice for them offers to bill.
 */
export async function billableExpenses(db: Executor, customerId: string): Promise<BillableExpense[]> {
  if (!isUuid(customerId)) return [];
  const { rows } = await db.execute<{
    id: string;
    category: string;
    paid_to: string;
    spent_on: string;
    amount_cents: string;
    job_id: string;
    job_name: string;
  }>(sql`
    SELECT e.id, e.category, COALESCE(v.name, e.payee) AS paid_to, e.spent_on::text AS spent_on,
           e.amount_cents::text AS amount_cents, j.id AS job_id, j.name AS job_name
      FROM ${expenses} e
      JOIN ${customerJobs} j ON j.id = e.customer_job_id
      LEFT JOIN ${vendors} v ON v.id = e.vendor_id
     WHERE e.billable AND j.customer_id = ${customerId}
       AND NOT EXISTS (SELECT 1 FROM invoice_lines l WHERE l.expense_id = e.id)
     ORDER BY e.spent_on, e.id
     LIMIT 200`);
  return rows.map((r) => ({
    _id: r.id,
    name: `${r.category} · ${r.paid_to} · ${r.spent_on}`,
    date: r.spent_on,
    category: r.category,
    paidTo: r.paid_to,
    amountCents: Number(r.amount_cents),
    customerJob: { _id: r.job_id, name: r.job_name },
  }));
}
