import { defineModule } from '../../platform/modules/define-module';
import { checkCompanySettings } from './pricing.service';
import { wholesaleDemo } from './wholesale.demo';
import { wholesaleRoutes } from './wholesale.routes';

/**
 * Company pricing (the wholesale module, spec section 6): price levels' discounts by category in
 * the account settings, and an account's own prices on its pricing tab. Orders and quotes ask it
 * for the prices of an account's customers.
 */
export const wholesaleModule = defineModule({
  name: 'wholesale',
  routes: wholesaleRoutes,
  settings: { checks: { companySettings: checkCompanySettings } },
  seeds: [wholesaleDemo],
});
