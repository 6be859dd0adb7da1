import { KINDS } from '@atelier/contracts';
import { defineModule } from '../../platform/modules/define-module';
import { damageReturn } from './damage-return';
import { returnsDemo } from './returns.demo';
import { returnRoutes } from './returns.routes';

/**
 * What comes back: customers' returns (restocked, settled by a credit memo or a refund) and the
 * firm's claims to its vendors for what came damaged or wrong (decision 0044).
 */
export const returnsModule = defineModule({
  name: 'returns',
  kinds: [KINDS.return, KINDS.vendor_claim],
  routes: returnRoutes,
  seeds: [returnsDemo],
  reactions: [damageReturn],
});
