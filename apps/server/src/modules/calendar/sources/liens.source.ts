import { LIEN_DEADLINE_KIND_LABELS, LIEN_STATUS_LABELS } from '@atelier/contracts';
import { and, isNull, sql } from 'drizzle-orm';
import { qualified } from '../../../db/columns';
import { customerJobs } from '../../jobs';
import { liens } from '../../liens';
import { type CalendarSource, datedRows, maySeeKind } from '../sources';

// constant SQL: the deadline kinds' words, from the contract's labels.
const kindWords = sql.raw(
  `CASE next_deadline_kind ${Object.entries(LIEN_DEADLINE_KIND_LABELS)
    .map(([k, v]) => `WHEN '${k}' THEN '${v.replaceAll("'", "''")}'`)
    .join(' ')} END`,
);

/**
 * Each open lien's next deadline that is not done (a notice, a recording, a suit), on its day, for
 * the staff member responsible. The deadline after it shows once this one is done or passes (the
 * reminders job moves it on); the lien's page lists them all.
 */
export const lienSource: CalendarSource = {
  kind: 'lien',
  visible: (actor) => maySeeKind(actor, 'lien'),
  rows: (db, actor, window) =>
    datedRows(
      db,
      actor,
      {
        table: liens,
        start: liens.nextDeadlineOn,
        person: liens.responsibleId,
        title: sql<string>`(${kindWords} || ' · ' || COALESCE((SELECT j.name FROM ${customerJobs} j
          WHERE j.id = ${qualified(liens.customerJobId)}), ''))`,
        subtitle: sql<string>`('Lien deadline, ' || ${liens.state} || ' (reminder only, not legal advice)')`,
        status: liens.status,
        statusLabels: LIEN_STATUS_LABELS,
        where: and(isNull(liens.archivedAt), sql`${liens.status} NOT IN ('released', 'expired')`),
      },
      window,
    ),
};
