import { companyPriceInputSchema, companyPricesSchema, KINDS, P } from '@atelier/contracts';
import { assertAllowed, permission } from '../../platform/http/access';
import { idParams } from '../../platform/http/params';
import { type AnyRoute, defineRoute } from '../../platform/http/routes';
import { listCompanyPrices, setCompanyPrices } from './pricing.service';

// The account's pricing tab: seen with the accounts code (13), changed with its financials (15).
const see = permission(KINDS.company.codes.modify, 'wholesale');

export const wholesaleRoutes: AnyRoute[] = [
  defineRoute({
    method: 'GET',
    url: `${KINDS.company.apiPath}/:id/prices`,
    summary: 'An account’s price level, what it takes off, and its own prices (wholesale)',
    access: see,
    params: idParams,
    response: companyPricesSchema,
    handler: ({ db, actor, params }) => listCompanyPrices(db, actor, params.id),
  }),
  defineRoute({
    method: 'PUT',
    url: `${KINDS.company.apiPath}/:id/prices`,
    summary: 'Set an account’s own prices, all at once (wholesale; needs account financials)',
    access: see,
    params: idParams,
    body: companyPriceInputSchema,
    response: companyPricesSchema,
    handler: ({ db, actor, params, body }) => {
      assertAllowed(permission(P.COMPANY_FINANCIALS), actor);
      return setCompanyPrices(db, actor, params.id, body);
    },
  }),
];
