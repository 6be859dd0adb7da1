import { z } from 'zod';
import { INVALID_CURSOR_MESSAGE, listLimitSchema, listPageSchema } from './lists';

/** GET /api/v1/logs: the firm's audit history, newest first. */
export const auditListQuerySchema = z.object({
  entityType: z.string().max(40).optional(),
  entity: z.uuid('Not a valid record id.').optional(),
  user: z.uuid('Not a valid user id.').optional(),
  from: z.iso.date('Use a date like 2026-01-31.').optional(),
  to: z.iso.date('Use a date like 2026-01-31.').optional(),
  limit: listLimitSchema,
  cursor: z.string().max(200, INVALID_CURSOR_MESSAGE).optional(),
});
export type AuditListQuery = Partial<Record<'entityType' | 'entity' | 'user' | 'from' | 'to' | 'cursor', string>> & {
  limit?: number;
};

export const auditPersonSchema = z.strictObject({ _id: z.uuid(), name: z.string() });
export type AuditPerson = z.output<typeof auditPersonSchema>;

/** GET /api/v1/logs/verify: the firm's hash-chained log, checked end to end (decision 0013). */
export const auditVerificationSchema = z.strictObject({
  /** Every sealed entry matches its content and its place in the chain, and none is missing. */
  verified: z.boolean(),
  sealed: z.number().int(),
  /** Written, not yet sealed (sealing follows within seconds). */
  unsealed: z.number().int(),
  /** The first entry that does not match, when one does not. */
  brokenAt: z.strictObject({ _id: z.uuid(), seq: z.number().int() }).nullable(),
  lastSealedAt: z.string().nullable(),
});
export type AuditVerification = z.output<typeof auditVerificationSchema>;

export const auditEntryViewSchema = z.strictObject({
  _id: z.uuid(),
  createdAt: z.string(),
  action: z.string(),
  entityType: z.string(),
  entity: z.uuid(),
  actor: auditPersonSchema.nullable(),
  impersonator: auditPersonSchema.nullable(),
  /** Field by field; secrets say only "[hidden]", fields the reader may not see are left out. */
  changes: z.record(z.string(), z.strictObject({ before: z.unknown(), after: z.unknown() })),
});
export type AuditEntryView = z.output<typeof auditEntryViewSchema>;

/** GET /api/v1/logs: a page of the history, newest first. */
export const auditPageSchema = listPageSchema(auditEntryViewSchema);
