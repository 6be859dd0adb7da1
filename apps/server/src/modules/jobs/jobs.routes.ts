import type { AnyRoute } from '../../platform/http/routes';
import { recordTypeRoutes } from '../../platform/records/crud-routes';
import { customerJobType } from './jobs.service';

export const jobRoutes: AnyRoute[] = recordTypeRoutes(customerJobType);
