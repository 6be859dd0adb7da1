import { defineModule } from '../../platform/modules/define-module';
import { filtersDemo } from './filters.demo';
import { filterRoutes } from './filters.routes';

/** The store's facets ("Finish": Walnut, White Oak…), their values in order, and the kept facet counts. */
export const filtersModule = defineModule({ name: 'filters', routes: filterRoutes, seeds: [filtersDemo] });
