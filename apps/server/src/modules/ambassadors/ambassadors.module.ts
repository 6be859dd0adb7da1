import { KINDS } from '@atelier/contracts';
import { defineModule } from '../../platform/modules/define-module';
import { ambassadorRoutes } from './ambassadors.routes';

/** Referral partners (realtors, architects) and the customers they send. */
export const ambassadorsModule = defineModule({
  name: 'ambassadors',
  kinds: [KINDS.ambassador],
  routes: ambassadorRoutes,
});
