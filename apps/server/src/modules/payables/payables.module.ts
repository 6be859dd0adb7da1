import { KINDS } from '@atelier/contracts';
import { defineModule } from '../../platform/modules/define-module';
import { payablesDemo } from './payables.demo';
import { payablesJournal } from './payables.journal';
import { payablesRoutes } from './payables.routes';

/**
 * What the firm owes its vendors (decision 0046): bills matched to received purchase-order lines,
 * credits vendors give, payments to vendors applied under row locks, and payables aging. No
 * feature: the purchase orders' codes gate them.
 */
export const payablesModule = defineModule({
  name: 'payables',
  kinds: [KINDS.vendor_bill, KINDS.vendor_credit, KINDS.bill_payment],
  routes: payablesRoutes,
  seeds: [payablesDemo],
  journal: payablesJournal,
});
