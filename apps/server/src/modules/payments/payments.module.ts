import { KINDS } from '@atelier/contracts';
import { defineModule } from '../../platform/modules/define-module';
import { accountingDemo } from './accounting.demo';
import { creditMemoJournal, paymentJournal, refundJournal } from './payments.journal';
import { paymentRoutes } from './payments.routes';
import { statementRoutes } from './statement.routes';

/**
 * Money received and credit given: payments (idempotent creates), refunds, credit memos, their
 * applications to invoices, and receivables aging (decision 0043). No feature: permissions gate them.
 */
export const paymentsModule = defineModule({
  name: 'payments',
  kinds: [KINDS.payment, KINDS.credit_memo],
  routes: [...paymentRoutes, ...statementRoutes],
  seeds: [accountingDemo],
  journal: [paymentJournal, refundJournal, creditMemoJournal],
});
