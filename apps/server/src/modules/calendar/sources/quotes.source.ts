import { QUOTE_STATUS_LABELS } from '@atelier/contracts';
import { eq, sql } from 'drizzle-orm';
import { qualified } from '../../../db/columns';
import { customers } from '../../customers';
import { quotes } from '../../quotes';
import { type CalendarSource, datedRows, maySeeKind } from '../sources';

/** Sent quotes on the last day they are valid, for whoever made them. */
export const quoteSource: CalendarSource = {
  kind: 'quote',
  visible: (actor) => maySeeKind(actor, 'quote'),
  rows: (db, actor, window) =>
    datedRows(
      db,
      actor,
      {
        table: quotes,
        start: quotes.validUntil,
        person: quotes.createdBy,
        title: sql<string>`${quotes.prefix} || ${quotes.number} || ' expires'`,
        subtitle: sql<string>`COALESCE((SELECT c.name FROM ${customers} c WHERE c.id = ${qualified(quotes.customerId)}), '')`,
        status: quotes.status,
        statusLabels: QUOTE_STATUS_LABELS,
        where: eq(quotes.status, 'sent'),
      },
      window,
    ),
};
