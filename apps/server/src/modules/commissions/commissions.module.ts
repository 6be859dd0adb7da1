import { defineModule } from '../../platform/modules/define-module';
import { onInvoicesSettled } from '../invoices';
import { commissionsDemo } from './commissions.demo';
import { commissionRoutes } from './commissions.routes';
import { settleCommissions } from './commissions.service';

// Invoices announce money moved on them; commissions follow (decision 0045).
onInvoicesSettled(settleCommissions);

/**
 * Ambassadors' commissions (decision 0045): earned when a referred customer's invoice is paid,
 * taken back while owed if it no longer is, and paid out as an expense.
 */
export const commissionsModule = defineModule({
  name: 'commissions',
  routes: commissionRoutes,
  seeds: [commissionsDemo],
});
