import { pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, firmId, firmIsolation } from '../../db/columns';
import { firms } from '../identity/firms.table';

/**
 * The `Idempotency-Key`s creates were sent with, per firm and kind: a retried create finds the
 * record the first one made instead of making another. The request's hash tells a retry from a
 * different request that reused the key.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    firmId: firmId(() => firms.id),
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    recordId: uuid('record_id'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.firmId, t.scope, t.key] }), firmIsolation(t.firmId)],
);
