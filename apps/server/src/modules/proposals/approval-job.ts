import { type Address, customerJobInputSchema, DEFAULT_TASK_STATUS, KINDS, NO_JOB_SITE } from '@atelier/contracts';
import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import type { Actor } from '../../platform/http/access';
import { buildSearchText } from '../../platform/lists/list';
import { activeStaffOrNone } from '../../platform/records/records';
import { getSettingsGroup } from '../../platform/settings/settings.service';
import { customerJobs, customerJobType } from '../jobs';
import { specialOrderVendors } from '../orders';
import { lastInColumn, taskType } from '../tasks';
import { proposals } from './proposals.table';

/** The board's task type for buying, when the firm keeps it. */
const ORDER_TASK_TYPE = 'Order';

const siteOf = (a: Address | null) =>
  a
    ? {
        line1: a.line1,
        line2: a.line2 ?? '',
        city: a.city,
        region: a.region,
        postalCode: a.postalCode,
        country: a.country,
      }
    : NO_JOB_SITE;

/**
 * The customer job an approval belongs to: the proposal's own (chosen on it, or made by an
 * earlier approval of some of its sections), else, where the firm manages projects, a new job for
 * its customer named after the proposal, at its address, in the jobs module's first status; the
 * proposal is linked to it, so approving the next section reuses it. Where the customer-job
 * settings name a project template, the job starts today with that template's tasks. Null
 * without project management.
 */
export async function jobForApproval(
  db: Executor,
  owner: Actor,
  row: Pick<typeof proposals.$inferSelect, 'id' | 'customerJobId' | 'customerId' | 'title' | 'shipTo'>,
): Promise<string | null> {
  if (row.customerJobId) return row.customerJobId;
  if (!owner.features.includes(KINDS.customer_job.feature)) return null;
  const { projectTemplate } = await getSettingsGroup(db, owner.firmId, 'customerJobSettings');
  const [today] = (
    await db.execute<{ day: string }>(
      sql`SELECT (now() AT TIME ZONE f.time_zone)::date::text AS day FROM firms f WHERE f.id = ${owner.firmId}`,
    )
  ).rows;
  const job = await customerJobType.create(
    db,
    owner,
    customerJobInputSchema.parse({
      customer: row.customerId,
      name: row.title.slice(0, 160),
      site: siteOf(row.shipTo),
      // The template's days count from the job's start: the day the client approved.
      ...(projectTemplate ? { template: projectTemplate, startDate: today!.day } : {}),
    }),
  );
  await db.update(proposals).set({ customerJobId: job._id }).where(eq(proposals.id, row.id));
  return job._id;
}

/**
 * A task on the job for each vendor of the order's special-order lines, "Order materials from
 * {vendor}": about the order, for the proposal's owner, due by the vendor's shortest lead time
 * from today (when the first of those lines would arrive if ordered now), its checklist the lines
 * to order. Only where the firm keeps tasks; returns how many were made.
 */
export async function materialTasks(
  db: Executor,
  owner: Actor,
  jobId: string,
  order: { id: string; number: string },
): Promise<number> {
  if (!owner.features.includes(KINDS.task.feature)) return 0;
  const vendors = await specialOrderVendors(db, order.id);
  if (!vendors.length) return 0;
  const [job] = await db
    .select({ name: customerJobs.name, companyId: customerJobs.companyId })
    .from(customerJobs)
    .where(eq(customerJobs.id, jobId));
  const { taskTypes } = await getSettingsGroup(db, owner.firmId, 'kanbanSettings');
  const kind = taskTypes.includes(ORDER_TASK_TYPE) ? ORDER_TASK_TYPE : null;
  const assignee = await activeStaffOrNone(db, owner.userId);
  for (const { vendor, lines } of vendors) {
    const name = `Order materials from ${vendor.name}`.slice(0, 200);
    await taskType.insert(db, owner, {
      name,
      status: DEFAULT_TASK_STATUS,
      taskType: kind,
      customerJobId: jobId,
      companyId: job?.companyId ?? null,
      entityType: KINDS.order.key,
      entityId: order.id,
      entityName: order.number,
      assignedTo: assignee,
      dueDate: lines.map((l) => l.expectedDate).sort()[0]!,
      checklist: lines.slice(0, 100).map((l) => ({
        text: `${l.quantity.toLocaleString('en-US', { maximumFractionDigits: 4 })} × ${l.name}${l.vendorSku ? ` (${l.vendorSku})` : ''}`.slice(
          0,
          200,
        ),
        done: false,
      })),
      position: lastInColumn(owner.firmId, DEFAULT_TASK_STATUS),
      searchText: buildSearchText([name, kind, job?.name ?? '', order.number]),
    });
  }
  return vendors.length;
}
