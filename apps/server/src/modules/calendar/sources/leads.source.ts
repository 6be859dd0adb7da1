import { LEAD_STATUS_LABELS, OPEN_LEAD_STATUSES } from '@atelier/contracts';
import { and, inArray, isNull, sql } from 'drizzle-orm';
import { leadType } from '../../leads';
import { type CalendarSource, datedRows, maySeeKind } from '../sources';

const leads = leadType.spec.table;

/** Open leads on their next follow-up, for their assignee. */
export const leadSource: CalendarSource = {
  kind: 'lead',
  visible: (actor) => maySeeKind(actor, 'lead'),
  rows: (db, actor, window) =>
    datedRows(
      db,
      actor,
      {
        table: leads,
        start: leads.nextFollowUp,
        person: leads.assignedTo,
        title: sql<string>`'Follow up with ' || ${leads.name}`,
        subtitle: sql<string>`${leads.companyName}`,
        status: leads.status,
        statusLabels: LEAD_STATUS_LABELS,
        where: and(isNull(leads.archivedAt), inArray(leads.status, [...OPEN_LEAD_STATUSES])),
      },
      window,
    ),
};
