import { defineModule } from '../../platform/modules/define-module';
import { profileRoutes } from './profile.routes';

/** A signed-in person's own profile and password. */
export const profileModule = defineModule({ name: 'profile', routes: profileRoutes });
