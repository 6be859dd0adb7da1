import { defineModule } from '../../platform/modules/define-module';
import { organizationRoutes } from './organization.routes';

/** Roles and departments. */
export const organizationModule = defineModule({ name: 'organization', routes: organizationRoutes });
