import { KINDS } from '@atelier/contracts';
import { defineModule } from '../../platform/modules/define-module';
import { jobsDemoSeed } from './jobs.demo';
import { jobRoutes } from './jobs.routes';

/** Jobs: customers' jobs, and projects of the firm's own (decision 0033). */
export const jobsModule = defineModule({
  name: 'jobs',
  kinds: [KINDS.customer_job],
  routes: jobRoutes,
  seeds: [jobsDemoSeed],
});
