import { defineModule } from '../../platform/modules/define-module';
import { categoriesDemo } from './categories.demo';
import { categoryRoutes } from './categories.routes';

/** The catalog's category tree: any depth the store shows, moved and reordered by hand. */
export const categoriesModule = defineModule({ name: 'categories', routes: categoryRoutes, seeds: [categoriesDemo] });
