import { type JobCosts, KINDS } from '@atelier/contracts';
import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { isUuid } from '../../db/ids';
import { notFound } from '../../platform/http/errors';
import { customerJobs } from '../jobs';
import { purchaseOrderLines, purchaseOrders } from '../purchasing';
import { timeEntries } from '../time';
import { expenses } from './expenses.table';

/**
 * GET /customer-jobs/{id}/costs (decision 0045): what the job really cost and brought in, beside
 * its budget. Cost: its expenses with their tax; its labour, the closed time entries' cost (each
 * person's cost rate when the entry closed: none without one); and what arrived on purchase
 * orders bought for it, at landed cost. Revenue: what its issued invoices (not drafts, not void)
 * bill before tax.
 */
export async function jobCosts(db: Executor, jobId: string): Promise<JobCosts> {
  const [job] = isUuid(jobId)
    ? await db
        .select({ budgetCostCents: customerJobs.budgetCostCents, budgetRevenueCents: customerJobs.budgetRevenueCents })
        .from(customerJobs)
        .where(eq(customerJobs.id, jobId))
    : [];
  if (!job) throw notFound(`This ${KINDS.customer_job.noun} does not exist.`);
  // constant SQL names: invoices and invoice_lines are the invoices module's tables (it imports this one).
  const { rows } = await db.execute<Record<string, string>>(sql`
    SELECT
      (SELECT COALESCE(sum(total_cents), 0) FROM ${expenses} WHERE customer_job_id = ${jobId})::text AS expenses,
      (SELECT COALESCE(sum(total_cents), 0) FROM ${expenses}
        WHERE customer_job_id = ${jobId} AND billable
          AND NOT EXISTS (SELECT 1 FROM invoice_lines l WHERE l.expense_id = ${expenses}.id))::text AS unbilled,
      (SELECT COALESCE(sum(cost_cents), 0) FROM ${timeEntries}
        WHERE customer_job_id = ${jobId} AND ended_at IS NOT NULL)::text AS labour,
      (SELECT COALESCE(round(sum(l.received_e4::numeric * l.landed_unit_cost_hc / 1000000)), 0)
         FROM ${purchaseOrderLines} l JOIN ${purchaseOrders} o ON o.id = l.purchase_order_id
        WHERE o.customer_job_id = ${jobId})::text AS purchases,
      (SELECT COALESCE(sum(total_cents - tax_cents), 0) FROM invoices
        WHERE customer_job_id = ${jobId} AND status NOT IN ('draft', 'void'))::text AS revenue`);
  const n = (key: string) => Number(rows[0]?.[key] ?? 0);
  const actualCostCents = n('expenses') + n('labour') + n('purchases');
  return {
    budgetCostCents: job.budgetCostCents,
    budgetRevenueCents: job.budgetRevenueCents,
    expensesCents: n('expenses'),
    labourCents: n('labour'),
    purchasesCents: n('purchases'),
    actualCostCents,
    invoicedRevenueCents: n('revenue'),
    profitCents: n('revenue') - actualCostCents,
    budgetProfitCents: job.budgetRevenueCents - job.budgetCostCents,
    unbilledCents: n('unbilled'),
  };
}
