import { KINDS } from '@atelier/contracts';
import { defineModule } from '../../platform/modules/define-module';
import { expensesDemo } from './expenses.demo';
import { expenseJournal } from './expenses.journal';
import { expenseRoutes } from './expenses.routes';

/**
 * Money spent (decision 0045): the firm's money accounts (/s/firm/banking), expenses with their
 * receipts, the job costs they feed and the billable ones the customer's next invoice bills.
 * No feature: the expenses' codes (172–174) gate them.
 */
export const expensesModule = defineModule({
  name: 'expenses',
  kinds: [KINDS.expense],
  routes: expenseRoutes,
  seeds: [expensesDemo],
  journal: [expenseJournal],
});
