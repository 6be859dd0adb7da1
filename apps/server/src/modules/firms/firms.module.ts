import { defineModule } from '../../platform/modules/define-module';
import { firmRoutes } from './firms.routes';

/** The firm itself: its settings, features and onboarding. */
export const firmsModule = defineModule({ name: 'firms', routes: firmRoutes });
