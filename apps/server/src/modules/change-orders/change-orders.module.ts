import { KINDS } from '@atelier/contracts';
import { defineModule } from '../../platform/modules/define-module';
import { changeOrdersDemo } from './change-orders.demo';
import { changeOrderRoutes } from './change-orders.routes';

/** Change orders: how a confirmed order changes, approved by its customer (decision 0036). */
export const changeOrdersModule = defineModule({
  name: 'change-orders',
  kinds: [KINDS.change_order],
  routes: changeOrderRoutes,
  seeds: [changeOrdersDemo],
});
