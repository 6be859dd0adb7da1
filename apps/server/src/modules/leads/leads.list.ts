import { LEAD_STATUSES, type LeadPipeline, type LeadRow, type ListQuery, OPEN_LEAD_STATUSES } from '@atelier/contracts';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import type { Actor } from '../../platform/http/access';
import { badRequest } from '../../platform/http/errors';
import { firms } from '../../platform/identity/firms.table';
import {
  anyTag,
  archiveStatus,
  idsIn,
  type ListSpec,
  listCondition,
  oneOf,
  searchText,
  textIn,
} from '../../platform/lists/list';
import { personColumn, rowColumns } from '../../platform/records/lifecycle';
import { leads } from './leads.table';

/** Neither won nor lost (as parameters, for list conditions). */
export const isOpen = sql`${leads.status} IN (${sql.join(
  OPEN_LEAD_STATUSES.map((s) => sql`${s}`),
  sql`, `,
)})`;
/** Past its follow-up date in the firm's time zone (needs `firms` joined) and still open. */
const overdue = sql<boolean>`(${leads.followUpKey} < (now() AT TIME ZONE ${firms.timeZone})::date AND ${isOpen})`;
/** Today in the firm's time zone, as a value the follow-up index can range over. */
const firmToday = (firmId: string) =>
  sql`(SELECT (now() AT TIME ZONE f.time_zone)::date FROM firms f WHERE f.id = ${firmId}::uuid)`;

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The leads list and board: its sort by follow-up and its overdue filter use the firm's today. */
export const leadList = (actor: Actor): Omit<ListSpec<LeadRow>, 'noun' | 'table' | 'id' | 'scope'> => ({
  sorts: {
    name: { expr: leads.nameKey, type: 'text' },
    value: { expr: leads.estimatedValueCents, type: 'bigint', valid: (v) => /^\d{1,15}$/.test(v) },
    followUp: { expr: leads.followUpKey, type: 'date', valid: (v) => v === 'infinity' || DATE.test(v) },
    created: { expr: leads.createdAt, type: 'timestamptz' },
    updated: { expr: leads.updatedAt, type: 'timestamptz' },
  },
  defaultSort: '-created',
  filters: {
    status: archiveStatus(leads.archivedAt),
    stage: oneOf(leads.status, LEAD_STATUSES, 'stage'),
    assigned: idsIn(leads.assignedTo, 'assignee', true),
    source: textIn(leads.source),
    ambassador: idsIn(leads.ambassadorId, 'ambassador', true),
    overdue: (values) => {
      if (values.some((v) => v !== 'true' && v !== 'false'))
        throw badRequest('Overdue is true or false.', { 'filter.overdue': 'Use true or false.' });
      if (values.length !== 1) return undefined;
      const late = sql`(${leads.followUpKey} < ${firmToday(actor.firmId)} AND ${isOpen})`;
      return values[0] === 'true' ? late : sql`NOT ${late}`;
    },
    tag: anyTag(leads.tags),
    id: idsIn(leads.id, 'lead'),
  },
  defaultFilters: { status: ['active'] },
  search: searchText(leads, leads.id, leads.nameKey),
  fetch: (db, ids) =>
    db
      .select({
        ...rowColumns(leads),
        version: leads.version,
        name: leads.name,
        companyName: leads.companyName,
        email: leads.email,
        phone: leads.phone,
        source: leads.source,
        status: leads.status,
        estimatedValueCents: leads.estimatedValueCents,
        assignedTo: personColumn(leads.assignedTo),
        nextFollowUp: leads.nextFollowUp,
        overdue,
        tags: leads.tags,
      })
      .from(leads)
      .innerJoin(firms, eq(firms.id, leads.firmId))
      .where(inArray(leads.id, ids)),
});

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

const dollars = (cents: number) => (cents / 100).toFixed(2);
export const LEAD_CSV_COLUMNS: [string, (r: LeadRow) => unknown][] = [
  ['Name', (r) => r.name],
  ['Company', (r) => r.companyName],
  ['Email', (r) => r.email],
  ['Phone', (r) => r.phone],
  ['Source', (r) => r.source],
  ['Status', (r) => r.status],
  ['Estimated value', (r) => dollars(r.estimatedValueCents)],
  ['Assigned to', (r) => r.assignedTo?.name ?? ''],
  ['Next follow-up', (r) => r.nextFollowUp ?? ''],
  ['Overdue', (r) => (r.overdue ? 'yes' : 'no')],
  ['Tags', (r) => r.tags],
  ['Created', (r) => r.createdAt],
  ['Updated', (r) => r.updatedAt],
  ['Archived', (r) => (r.archived ? 'yes' : 'no')],
];
