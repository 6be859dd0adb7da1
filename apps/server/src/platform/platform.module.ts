import { auditRoutes } from './audit/audit.routes';
import { sealAuditLogJob } from './audit/sealer';
import { apiKeyRoutes } from './auth/api-keys.routes';
import { authRoutes } from './auth/auth.routes';
import { sendEmailJob } from './email/email-job';
import { fileRoutes } from './files/files.routes';
import { purgeIdempotencyKeysJob } from './idempotency/idempotency';
import { interactionRoutes } from './interactions/interactions.routes';
import { maintenanceJob } from './jobs/maintenance';
import { defineModule } from './modules/define-module';
import { notificationRoutes } from './notifications/notifications.routes';
import { searchRoutes } from './search/search.routes';
import { settingsRoutes } from './settings/settings.routes';

/** What every firm has: signing in, settings, files, interactions, search, notifications, logs. */
export const platformModule = defineModule({
  name: 'platform',
  routes: [
    ...authRoutes,
    ...apiKeyRoutes,
    ...notificationRoutes,
    ...auditRoutes,
    ...settingsRoutes,
    ...fileRoutes,
    ...searchRoutes,
    ...interactionRoutes,
  ],
  jobs: [sealAuditLogJob, maintenanceJob, sendEmailJob, purgeIdempotencyKeysJob],
});
