import { calendarAddDays, calendarDaysBetween, JOB_STATUS_LABELS } from '@atelier/contracts';
import { and, isNull, ne, sql } from 'drizzle-orm';
import { qualified } from '../../../db/columns';
import { customers } from '../../customers';
import { customerJobs, customerJobType } from '../../jobs';
import { type CalendarSource, datedRows, maySeeKind } from '../sources';

const { startDate, endDate } = customerJobs;

/** Jobs across their days (start to end), for their manager and crew; cancelled ones are left out. */
export const jobSource: CalendarSource = {
  kind: 'customer_job',
  visible: (actor) => maySeeKind(actor, 'customer_job'),
  rows: (db, actor, window) =>
    datedRows(
      db,
      actor,
      {
        table: customerJobs,
        // A job with one of its dates set shows on that day.
        start: sql`COALESCE(${startDate}, ${endDate})`,
        end: sql`COALESCE(${endDate}, ${startDate})`,
        person: customerJobs.assignedTo,
        crew: customerJobs.crew,
        title: sql<string>`${customerJobs.name}`,
        subtitle: sql<string>`concat_ws(' · ',
          COALESCE((SELECT c.name FROM ${customers} c WHERE c.id = ${qualified(customerJobs.customerId)}), 'Own project'),
          NULLIF(${customerJobs.city}, ''))`,
        status: customerJobs.status,
        statusLabels: JOB_STATUS_LABELS,
        where: and(isNull(customerJobs.archivedAt), ne(customerJobs.status, 'cancelled')),
      },
      window,
    ),
  move: {
    allowed: (actor) => maySeeKind(actor, 'customer_job'),
    // The whole job moves: its start to the day it was dropped on, its end as many days.
    run: async (db, actor, id, version, date) => {
      const row = await customerJobType.findRow(db, id, false, actor);
      const shift = calendarDaysBetween(row.startDate ?? row.endDate ?? date, date);
      const moved = (day: string | null) => (day ? calendarAddDays(day, shift) : null);
      await customerJobType.update(db, actor, id, {
        customer: row.customerId,
        company: row.companyId,
        name: row.name,
        site: row.site,
        startDate: moved(row.startDate),
        endDate: moved(row.endDate),
        budgetRevenueCents: row.budgetRevenueCents,
        budgetCostCents: row.budgetCostCents,
        budgetHours: row.budgetHoursE2 / 100,
        manager: row.assignedTo,
        crew: row.crew,
        tags: row.tags,
        notes: row.notes,
        template: null,
        version,
      });
    },
  },
};
