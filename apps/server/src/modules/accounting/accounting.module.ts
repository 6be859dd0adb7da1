import { sql } from 'drizzle-orm';
import { registerRelatedAudit } from '../../platform/audit/audit.service';
import { defineModule } from '../../platform/modules/define-module';
import { accountingDemo } from './accounting.demo';
import { accountingRoutes } from './accounting.routes';

// A document an export sent, changed or reversed has that export's entry in its history.
registerRelatedAudit(
  (entity) => sql`SELECT a.id FROM audit_log a JOIN accounting_export_documents d ON d.export_id = a.entity_id
    WHERE d.record_id = ${entity} AND a.entity_type = 'accounting_export' AND a.action = 'export'`,
);

/**
 * The accounting-software export (decision 0047): the journal entries the modules declare
 * (their manifests' `journal`), mapped to the firm's ledger accounts and written by an adapter
 * (QuickBooks Desktop IIF, a journal CSV), each document once per version of its entry, with a
 * log of every run. No feature: codes 104–105, 144–158 and 159 gate it.
 */
export const accountingModule = defineModule({
  name: 'accounting',
  routes: accountingRoutes,
  seeds: [accountingDemo],
});
