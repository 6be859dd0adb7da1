import { companyAnalyticsSchema, customerAnalyticsSchema, employeeAnalyticsSchema, KINDS, P } from '@atelier/contracts';
import { assertAllowed, permission } from '../../platform/http/access';
import { idParams } from '../../platform/http/params';
import { type AnyRoute, defineRoute } from '../../platform/http/routes';
import { companyAnalytics, customerAnalytics, employeeAnalytics } from './sales-analytics.service';

// Every figure here is made of orders: whoever may not see orders (6) sees none of them.
const ordersSeen = permission(KINDS.order.codes.modify);

export const salesAnalyticsRoutes: AnyRoute[] = [
  defineRoute({
    method: 'GET',
    url: `${KINDS.company.apiPath}/:id/analytics`,
    summary: 'An account’s sales by month, its sales figures and its top products (the last twelve months)',
    // The spec lists "17 view analytics" with the companies' codes (13-16) and gives accounts an
    // analytics subpage: 17 is that page's code. Modifying accounts (13) is about their details,
    // not what they are worth to the firm.
    access: permission(P.VIEW_ANALYTICS),
    params: idParams,
    response: companyAnalyticsSchema,
    handler: ({ db, actor, params }) => {
      assertAllowed(ordersSeen, actor);
      return companyAnalytics(db, actor, params.id);
    },
  }),
  defineRoute({
    method: 'GET',
    url: `${KINDS.employee.apiPath}/:id/analytics`,
    summary: 'An employee’s sales by month and the quotes they have open',
    // A colleague's sales are analytics (17), as an account's are.
    access: permission(P.VIEW_ANALYTICS),
    params: idParams,
    response: employeeAnalyticsSchema,
    handler: ({ db, actor, params }) => {
      assertAllowed(ordersSeen, actor);
      return employeeAnalytics(db, actor, params.id);
    },
  }),
  defineRoute({
    method: 'GET',
    url: `${KINDS.customer.apiPath}/:id/analytics`,
    summary: 'A customer’s purchase figures: what they spent, how often, and by month',
    // The spec's users range (8-12) has its own "analytics view" (10) for a customer's figures.
    access: permission(P.VIEW_USER_ANALYTICS),
    params: idParams,
    response: customerAnalyticsSchema,
    handler: ({ db, actor, params }) => {
      assertAllowed(ordersSeen, actor);
      return customerAnalytics(db, actor, params.id);
    },
  }),
];
