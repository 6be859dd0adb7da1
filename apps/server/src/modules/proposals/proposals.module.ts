import { KINDS } from '@atelier/contracts';
import { defineModule } from '../../platform/modules/define-module';
import { proposalsDemo } from './proposals.demo';
import { proposalRoutes } from './proposals.routes';

/**
 * Proposals: priced documents in sections, sent for online approval by a tokenised link, signed
 * and kept as tamper-evident records; an approval becomes an order (decision 0039).
 */
export const proposalsModule = defineModule({
  name: 'proposals',
  kinds: [KINDS.proposal],
  routes: proposalRoutes,
  seeds: [proposalsDemo],
});
