import { index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, firmId, firmIsolation, id } from '../../db/columns';
import { firms } from '../../modules/firms/firms.table';

export type FieldChange = { before: unknown; after: unknown };

/**
 * Who changed what. Actors are kept as ids without foreign keys: the history must outlive
 * anything it mentions.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: id(),
    firmId: firmId(() => firms.id),
    actorId: uuid('actor_id'),
    impersonatorId: uuid('impersonator_id'),
    entityType: text('entity_type').notNull(),
    entityId: uuid('entity_id').notNull(),
    action: text('action').notNull(),
    changes: jsonb('changes').$type<Record<string, FieldChange>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_log_entity_idx').on(t.firmId, t.entityType, t.entityId, t.createdAt.desc().nullsFirst()),
    index('audit_log_firm_time_idx').on(t.firmId, t.createdAt.desc().nullsFirst()),
    index('audit_log_actor_idx').on(t.firmId, t.actorId, t.createdAt.desc().nullsFirst()),
    firmIsolation(t.firmId),
  ],
);
