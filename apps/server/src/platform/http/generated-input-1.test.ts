import { fuzzRoutes } from '../../../test/generated-input';

// Generated input at every route (issue 11, item 9), part 1: see test/generated-input.ts.
fuzzRoutes(0);
