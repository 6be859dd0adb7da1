import { KINDS } from '@atelier/contracts';
import { defineModule } from '../../platform/modules/define-module';
import { materialsDemo } from './materials.demo';
import { materialRoutes } from './materials.routes';

/** Raw materials (feature `materials`): slabs, sheet goods, hardware by the box. */
export const materialsModule = defineModule({
  name: 'materials',
  kinds: [KINDS.raw_material],
  routes: materialRoutes,
  seeds: [materialsDemo],
});
