import { bigint, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { firmId, firmIsolation } from '../../db/columns';
import { firms } from '../identity/firms.table';

/** Per-firm document number sequences (orders, invoices…), advanced under a row lock. */
export const counters = pgTable(
  'counters',
  {
    firmId: firmId(() => firms.id),
    key: text('key').notNull(),
    value: bigint('value', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.firmId, t.key] }), firmIsolation(t.firmId)],
);
