import { KINDS } from '@atelier/contracts';
import { defineModule } from '../../platform/modules/define-module';
import { lowStockRoutes } from './low-stock.routes';
import { purchaseOrderRoutes } from './purchase-orders.routes';
import { purchasingDemo } from './purchasing.demo';
import { shipmentRoutes } from './shipments.routes';

/** Buying: purchase orders to vendors, received (in part or whole) into the stock ledger at landed cost, and the shipments that bring them. */
export const purchasingModule = defineModule({
  name: 'purchasing',
  kinds: [KINDS.purchase_order, KINDS.shipment],
  routes: [...purchaseOrderRoutes, ...lowStockRoutes, ...shipmentRoutes],
  seeds: [purchasingDemo],
});
