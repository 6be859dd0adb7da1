import { recordTypeRoutes } from '../../platform/records/crud-routes';
import { materialType } from './materials.service';

export const materialRoutes = recordTypeRoutes(materialType);
