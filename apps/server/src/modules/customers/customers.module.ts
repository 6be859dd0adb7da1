import { KINDS } from '@atelier/contracts';
import { defineModule } from '../../platform/modules/define-module';
import { customerRoutes } from './customers.routes';

/** Customers, their contacts and store logins. */
export const customersModule = defineModule({ name: 'customers', kinds: [KINDS.customer], routes: customerRoutes });
