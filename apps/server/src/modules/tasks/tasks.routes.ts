import type { AnyRoute } from '../../platform/http/routes';
import { recordTypeRoutes } from '../../platform/records/crud-routes';
import { taskType } from './tasks.service';

/** `/project-management`: the spec's task calls (section 7) and the platform's record routes. */
export const taskRoutes: AnyRoute[] = recordTypeRoutes(taskType);
