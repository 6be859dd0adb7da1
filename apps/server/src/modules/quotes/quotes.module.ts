import { KINDS } from '@atelier/contracts';
import { defineModule } from '../../platform/modules/define-module';
import { expireQuotesJob } from './quote-send';
import { quotesDemo } from './quotes.demo';
import { quoteRoutes } from './quotes.routes';

/** Quotes: priced lines for a customer, sent as revisions, accepted into orders (decision 0035). */
export const quotesModule = defineModule({
  name: 'quotes',
  kinds: [KINDS.quote],
  routes: quoteRoutes,
  jobs: [expireQuotesJob],
  seeds: [quotesDemo],
});
