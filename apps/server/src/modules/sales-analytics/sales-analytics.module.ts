import { defineModule } from '../../platform/modules/define-module';
import { salesAnalyticsRoutes } from './sales-analytics.routes';

/**
 * What the firm sells, seen from an account, a customer and an employee (issue 19): read-only
 * figures over the orders and quotes modules' records; it keeps no records of its own.
 */
export const salesAnalyticsModule = defineModule({
  name: 'sales-analytics',
  routes: salesAnalyticsRoutes,
});
