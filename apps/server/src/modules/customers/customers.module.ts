import { KINDS } from '@atelier/contracts';
import { defineModule } from '../../platform/modules/define-module';
import { customersDemoSeed } from './customers.demo';
import { customerRoutes } from './customers.routes';

/** Customers, their contacts and store logins. */
export const customersModule = defineModule({
  name: 'customers',
  kinds: [KINDS.customer],
  routes: customerRoutes,
  // The demo's accounts, ambassadors and customers, made together since they refer to each other.
  seeds: [customersDemoSeed],
});
