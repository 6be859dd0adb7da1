import { defineModule } from '../../platform/modules/define-module';
import { userRoutes } from './users.routes';

/** Staff accounts: roles, activation, hand-overs. */
export const usersModule = defineModule({ name: 'users', routes: userRoutes });
