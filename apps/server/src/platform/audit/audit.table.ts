import { sql } from 'drizzle-orm';
import { bigint, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { bytea, createdAt, firmId, firmIsolation, id } from '../../db/columns';
import { firms } from '../identity/firms.table';

export type FieldChange = { before: unknown; after: unknown };

/**
 * Who changed what. Actors are kept as ids without foreign keys: the history must outlive
 * anything it mentions. Append-only for the application role (decision 0013): rows are
 * written with the change, then sealed into the firm's hash chain by `audit_seal`: `seq` is a
 * row's place in the chain, `hash` = sha256(`prev_hash` || the row's content).
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
    seq: bigint('seq', { mode: 'number' }),
    prevHash: bytea('prev_hash'),
    hash: bytea('hash'),
  },
  (t) => [
    uniqueIndex('audit_log_chain_uq').on(t.firmId, t.seq),
    // What the sealer has left to do, in the order it chains it.
    index('audit_log_unsealed_idx').on(t.firmId, t.id).where(sql`${t.seq} IS NULL`),
    index('audit_log_entity_idx').on(t.firmId, t.entityType, t.entityId, t.createdAt.desc().nullsFirst()),
    index('audit_log_firm_time_idx').on(t.firmId, t.createdAt.desc().nullsFirst()),
    index('audit_log_actor_idx').on(t.firmId, t.actorId, t.createdAt.desc().nullsFirst()),
    firmIsolation(t.firmId),
  ],
);

/** Each firm's sealed chain so far: its length and last hash. Written only by `audit_seal`. */
export const auditChainHeads = pgTable(
  'audit_chain_heads',
  {
    firmId: uuid('firm_id')
      .primaryKey()
      .references(() => firms.id, { onDelete: 'cascade' }),
    seq: bigint('seq', { mode: 'number' }).notNull(),
    hash: bytea('hash').notNull(),
    sealedAt: timestamp('sealed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [firmIsolation(t.firmId)],
);
