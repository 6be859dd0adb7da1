import { defineModule } from '../../platform/modules/define-module';
import { stockCheckJob } from './check.service';
import { stockDemo } from './stock.demo';
import { stockRoutes } from './stock.routes';

/**
 * Inventory: the stock ledger (every change a movement), on hand per item and warehouse, the
 * moving-average cost, inventory policies (103), transfers between warehouses, and the nightly
 * proof that the summaries are the ledger's sums.
 */
export const stockModule = defineModule({
  name: 'stock',
  routes: stockRoutes,
  jobs: [stockCheckJob],
  seeds: [stockDemo],
});
