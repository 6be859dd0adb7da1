import { KINDS } from '@atelier/contracts';
import { defineModule } from '../../platform/modules/define-module';
import { ordersDemo } from './orders.demo';
import { orderRoutes } from './orders.routes';
import { specialOrderRoutes } from './special-orders.routes';

/** Selling: orders that commit stock when confirmed and post it out when fulfilled (decision 0035). */
export const ordersModule = defineModule({
  name: 'orders',
  kinds: [KINDS.order],
  routes: [...orderRoutes, ...specialOrderRoutes],
  seeds: [ordersDemo],
});
