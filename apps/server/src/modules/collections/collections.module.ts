import { KINDS } from '@atelier/contracts';
import { defineModule } from '../../platform/modules/define-module';
import { collectionsDemo } from './collections.demo';
import { collectionRoutes } from './collections.routes';

/** Collections of products: hand-picked, or made by rules their members meet. */
export const collectionsModule = defineModule({
  name: 'collections',
  kinds: [KINDS.collection],
  routes: collectionRoutes,
  seeds: [collectionsDemo],
});
