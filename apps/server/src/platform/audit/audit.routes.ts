import { auditListQuerySchema, P } from '@atelier/contracts';
import { permission } from '../http/access';
import { defineRoute } from '../http/routes';
import { listAudit } from './audit.service';

export const auditRoutes = [
  defineRoute({
    method: 'GET',
    url: '/logs',
    access: permission(P.MODIFY_LOGS),
    query: auditListQuerySchema,
    handler: ({ db, actor, query }) => listAudit(db, actor.firmId, query),
  }),
];
