import { KINDS } from '@atelier/contracts';
import { defineModule } from '../../platform/modules/define-module';
import { lowStockRoutes } from './low-stock.routes';
import { purchaseOrderRoutes } from './purchase-orders.routes';
import { purchasingDemo } from './purchasing.demo';

/** Buying: purchase orders to vendors, received (in part or whole) into the stock ledger at landed cost. */
export const purchasingModule = defineModule({
  name: 'purchasing',
  kinds: [KINDS.purchase_order],
  routes: [...purchaseOrderRoutes, ...lowStockRoutes],
  seeds: [purchasingDemo],
});
