import { LEAD_STATUSES, type LeadPipeline, type LeadRow, type ListQuery, OPEN_LEAD_STATUSES } from '@atelier/contracts';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { currentFirm, qualified } from '../../db/columns';
import { firmTodaySql } from '../../platform/identity/firm-clock';
import { idsIn, type ListSpec, listCondition, textIn, yesNo } from '../../platform/lists/list';
import type { DeclaredListSpec } from '../../platform/records/declared-list';
import { leads } from './leads.table';

/** Neither won nor lost (as parameters, for list conditions). */
export const isOpen = sql`${leads.status} IN (${sql.join(
  OPEN_LEAD_STATUSES.map((s) => sql`${s}`),
  sql`, `,
)})`;
/** Past its follow-up date in the firm's time zone, and still open: a lead's and a row's. */
export const overdue = sql<boolean>`((SELECT ${qualified(leads.followUpKey)} < (now() AT TIME ZONE f.time_zone)::date FROM firms f WHERE f.id = ${qualified(leads.firmId)}) AND ${isOpen})`;
/**
 * Today in the time zone of the firm whose transaction this is, as a value the follow-up index
 * can range over.
 */
const firmToday = firmTodaySql(currentFirm);

/**
 * The leads list and board beyond their declared columns: newest first, filtered by assignee,
 * source, referrer and whether overdue by the firm's today.
 */
export const leadList: DeclaredListSpec<LeadRow> = {
  defaultSort: '-created',
  filters: {
    assigned: idsIn(leads.assignedTo, 'assignee', true),
    source: textIn(leads.source),
    ambassador: idsIn(leads.ambassadorId, 'ambassador', true),
    overdue: yesNo(sql`(${leads.followUpKey} < ${firmToday} AND ${isOpen})`, 'overdue'),
  },
  // The board moves a card on the version it has.
  rowFields: { version: leads.version, overdue },
};

/**
 * Each stage's exact count and estimated value under the list's search and filters (the
 * `stage` filter aside): the board's column headings, whatever number of cards is loaded.
 */
export async function pipelineTotals(
  db: Executor,
  spec: ListSpec<LeadRow>,
  query: Pick<ListQuery, 'q' | 'filter'>,
): Promise<LeadPipeline> {
  const { stage: _stage, ...filter } = query.filter ?? {};
  const rows = await db
    .select({
      stage: leads.status,
      count: sql<number>`count(*)::int`,
      valueCents: sql<number>`coalesce(sum(${leads.estimatedValueCents}), 0)::float8`,
    })
    .from(leads)
    .where(listCondition(spec, { q: query.q, filter }))
    .groupBy(leads.status);
  return LEAD_STATUSES.map((stage) => ({
    stage,
    count: rows.find((r) => r.stage === stage)?.count ?? 0,
    valueCents: rows.find((r) => r.stage === stage)?.valueCents ?? 0,
  }));
}
