import { KINDS } from '@atelier/contracts';
import { defineModule } from '../../platform/modules/define-module';
import { invoiceScheduleJob } from './invoice-jobs';
import { invoiceJournal } from './invoices.journal';
import { invoiceRoutes } from './invoices.routes';

/**
 * Invoices: of an order (its lines, a deposit, progress with retention, the retention's release)
 * or on their own; sent as PDFs; paid by payments and credit memos (decision 0043). No feature:
 * the permissions alone gate them.
 */
export const invoicesModule = defineModule({
  name: 'invoices',
  kinds: [KINDS.invoice, KINDS.recurring_invoice],
  routes: invoiceRoutes,
  jobs: [invoiceScheduleJob],
  journal: [invoiceJournal],
});
