import { KINDS } from '@atelier/contracts';
import { defineModule } from '../../platform/modules/define-module';
import { vendorItemRoutes } from './vendor-items.routes';
import { vendorsDemo } from './vendors.demo';
import { vendorRoutes } from './vendors.routes';

/** The firm's suppliers: terms, lead times, and (with the catalog) what it buys from each. */
export const vendorsModule = defineModule({
  name: 'vendors',
  kinds: [KINDS.vendor],
  routes: [...vendorRoutes, ...vendorItemRoutes],
  seeds: [vendorsDemo],
});
