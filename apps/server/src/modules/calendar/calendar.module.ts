import { defineModule } from '../../platform/modules/define-module';
import { calendarDemo } from './calendar.demo';
import { calendarRoutes } from './calendar.routes';

/**
 * The firm calendar: the dated records of other modules (tasks due, jobs, delivery routes, quotes
 * expiring, lead follow-ups, purchase orders expected) on one calendar, moved by dragging through
 * each record's own edit, and each person's items as a private iCalendar feed (decision 0041).
 */
export const calendarModule = defineModule({
  name: 'calendar',
  routes: calendarRoutes,
  seeds: [calendarDemo],
});
