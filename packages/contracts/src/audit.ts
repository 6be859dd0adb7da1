import { z } from 'zod';
import { INVALID_CURSOR_MESSAGE, listLimitSchema } from './lists';

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

export type AuditPerson = { _id: string; name: string };
/** GET /api/v1/logs/verify: the firm's hash-chained log, checked end to end (decision 0013). */
export type AuditVerification = {
  /** Every sealed entry matches its content and its place in the chain, and none is missing. */
  verified: boolean;
  sealed: number;
  /** Written, not yet sealed (sealing follows within seconds). */
  unsealed: number;
  /** The first entry that does not match, when one does not. */
  brokenAt: { _id: string; seq: number } | null;
  lastSealedAt: string | null;
};

export type AuditEntryView = {
  _id: string;
  createdAt: string;
  action: string;
  entityType: string;
  entity: string;
  actor: AuditPerson | null;
  impersonator: AuditPerson | null;
  changes: Record<string, { before: unknown; after: unknown }>;
};
