import { auditListQuerySchema, auditPageSchema, auditVerificationSchema, P } from '@atelier/contracts';
import { permission } from '../http/access';
import { defineRoute } from '../http/routes';
import { listAudit } from './audit.service';
import { verifyAuditLog } from './sealer';

export const auditRoutes = [
  defineRoute({
    method: 'GET',
    url: '/logs',
    access: permission(P.MODIFY_LOGS),
    query: auditListQuerySchema,
    response: auditPageSchema,
    handler: ({ db, actor, query }) => listAudit(db, actor, query),
  }),
  defineRoute({
    method: 'GET',
    url: '/logs/verify',
    access: permission(P.MODIFY_LOGS),
    response: auditVerificationSchema,
    handler: ({ db }) => verifyAuditLog(db),
  }),
];
