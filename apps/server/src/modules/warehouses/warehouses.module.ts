import { defineModule } from '../../platform/modules/define-module';
import { warehouseRoutes } from './warehouses.routes';
import { warehouseSetting } from './warehouses.service';

/** The firm's warehouses, and the settings' default warehouse of each kind of document. */
export const warehousesModule = defineModule({
  name: 'warehouses',
  routes: warehouseRoutes,
  settings: { references: { warehouse: warehouseSetting } },
});
