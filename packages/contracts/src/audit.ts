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
