import { KINDS } from '@atelier/contracts';
import { defineModule } from '../../platform/modules/define-module';
import { autoClockOutJob } from './auto-clock-out';
import { timeDemo } from './time.demo';
import { timeRoutes } from './time.routes';

/** Time: clocking in on the current task, the weekly timesheet and its approval, labour cost on jobs (issue 21). */
export const timeModule = defineModule({
  name: 'time',
  kinds: [KINDS.time_entry],
  routes: timeRoutes,
  jobs: [autoClockOutJob],
  seeds: [timeDemo],
});
