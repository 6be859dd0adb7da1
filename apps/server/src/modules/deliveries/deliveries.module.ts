import { KINDS } from '@atelier/contracts';
import { defineModule } from '../../platform/modules/define-module';
import { deliveriesDemo } from './deliveries.demo';
import { deliveryRoutes } from './deliveries.routes';

/** Delivery routes: planned stops driven with proof of delivery, fulfilling their orders (decision 0040). */
export const deliveriesModule = defineModule({
  name: 'deliveries',
  kinds: [KINDS.delivery_route],
  routes: deliveryRoutes,
  seeds: [deliveriesDemo],
});
