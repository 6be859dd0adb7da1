import { defineModule } from '../../platform/modules/define-module';
import { organizationRoutes } from './organization.routes';
import { defaultRoleSetting } from './organization.service';
import { starterRolesAndDepartments } from './starter-roles';

/** Roles and departments (and the starter ones a new firm may load at the end of onboarding). */
export const organizationModule = defineModule({
  name: 'organization',
  routes: organizationRoutes,
  sampleData: [starterRolesAndDepartments],
  settings: { references: { defaultRole: defaultRoleSetting } },
});
