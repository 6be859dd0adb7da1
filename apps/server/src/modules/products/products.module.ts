import { KINDS } from '@atelier/contracts';
import { defineModule } from '../../platform/modules/define-module';
import { productsDemo, productTemplatesDemo } from './products.demo';
import { productRoutes, productTagRoutes, productTemplateRoutes } from './products.routes';

/** The firm's catalog of products: SKUs, units, prices and costs, dimensional pricing. */
export const productsModule = defineModule({
  name: 'products',
  kinds: [KINDS.product],
  routes: [...productRoutes, ...productTagRoutes, ...productTemplateRoutes],
  seeds: [productsDemo, productTemplatesDemo],
});
