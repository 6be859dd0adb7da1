import {
  commissionListQuerySchema,
  commissionPageSchema,
  commissionPayoutResultSchema,
  commissionPayoutSchema,
  KINDS,
} from '@atelier/contracts';
import { permission } from '../../platform/http/access';
import { type AnyRoute, defineRoute } from '../../platform/http/routes';
import { listCommissions, payOutCommissions } from './commissions.service';

// Ambassadors' money is the ambassadors' code (88): reading what they earned, and paying it.
const access = permission(KINDS.ambassador.codes.modify);

export const commissionRoutes: AnyRoute[] = [
  defineRoute({
    method: 'GET',
    url: '/commissions',
    summary: "Commissions earned on referred customers' paid invoices, newest first, with earned, paid and owed",
    access,
    query: commissionListQuerySchema,
    response: commissionPageSchema,
    handler: ({ db, query }) => listCommissions(db, query),
  }),
  defineRoute({
    method: 'POST',
    url: '/commissions/payout',
    summary: 'Pay an ambassador everything owed, recorded as an expense from a money account',
    access,
    status: 201,
    body: commissionPayoutSchema,
    response: commissionPayoutResultSchema,
    handler: ({ db, actor, body }) => payOutCommissions(db, actor, body),
  }),
];
