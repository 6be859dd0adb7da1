import { defineModule } from '../../platform/modules/define-module';
import { warehouseRoutes } from './warehouses.routes';

/** The firm's warehouses. */
export const warehousesModule = defineModule({ name: 'warehouses', routes: warehouseRoutes });
