import type { Address } from '@atelier/contracts';
import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, firmId, firmIsolation, id, updatedAt, version } from '../../db/columns';
import { firms } from '../../platform/identity/firms.table';

export const warehouses = pgTable(
  'warehouses',
  {
    id: id(),
    firmId: firmId(() => firms.id),
    name: text('name').notNull(),
    address: jsonb('address').$type<Address>(),
    isDefault: boolean('is_default').notNull().default(false),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // At most one default warehouse per firm.
    uniqueIndex('warehouses_one_default_uq').on(t.firmId).where(sql`${t.isDefault}`),
    index('warehouses_firm_name_idx').on(t.firmId, t.name),
    firmIsolation(t.firmId),
  ],
);
