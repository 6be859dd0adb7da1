import { recordTypeRoutes } from '../../platform/records/crud-routes';
import { vendorType } from './vendors.service';

export const vendorRoutes = recordTypeRoutes(vendorType);
