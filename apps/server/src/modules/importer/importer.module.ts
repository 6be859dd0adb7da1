import { KINDS } from '@atelier/contracts';
import { sql } from 'drizzle-orm';
import { registerRelatedAudit } from '../../platform/audit/audit.service';
import { defineJob } from '../../platform/jobs/runner';
import { defineModule } from '../../platform/modules/define-module';
import { fetchImagesJob } from './images.job';
import { importerRoutes } from './importer.routes';

/**
 * Imports whose server stopped mid-way are marked failed (nothing of them was written: their
 * transaction died with it); never run again by themselves. Soon after any server starts, and
 * every half minute, so an instance that died is noticed by the others too.
 */
const failInterrupted = defineJob({
  name: 'importer.fail-interrupted',
  every: { ms: 30_000, perFirm: false },
  run: async ({ scoped }) => {
    await scoped((tx) => tx.execute(sql`SELECT imports_fail_interrupted()`));
  },
});

// A record an import wrote has that import's entry in its history: "imported by import #N".
registerRelatedAudit(
  (entity) => sql`SELECT a.id FROM audit_log a JOIN import_records r ON r.import_id = a.entity_id
    WHERE r.entity_id = ${entity} AND a.entity_type = 'import' AND a.action = 'import'`,
);

/** The importer: spreadsheets in, all or nothing, with a document kept for each file. */
export const importerModule = defineModule({
  name: 'importer',
  kinds: [KINDS.import],
  routes: importerRoutes,
  jobs: [failInterrupted, fetchImagesJob],
});
