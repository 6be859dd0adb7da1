import { recordTypeRoutes } from '../../platform/records/crud-routes';
import { ambassadorType } from './ambassadors.service';

export const ambassadorRoutes = recordTypeRoutes(ambassadorType);
