import { KINDS } from '@atelier/contracts';
import { defineModule } from '../../platform/modules/define-module';
import { registerOnlineApproval } from '../change-orders';
import { changeOrderLinks } from './change-order-links';
import { proposalsDemo } from './proposals.demo';
import { proposalRoutes } from './proposals.routes';

/**
 * Proposals: priced documents in sections, sent for online approval by a tokenised link, signed
 * and kept as tamper-evident records; an approval becomes an order on the customer's job (decision
 * 0039). Change orders are approved online through the same links and records.
 */
// Change orders are approved online through the same links (decision 0039).
registerOnlineApproval(changeOrderLinks);

export const proposalsModule = defineModule({
  name: 'proposals',
  kinds: [KINDS.proposal],
  routes: proposalRoutes,
  seeds: [proposalsDemo],
});
