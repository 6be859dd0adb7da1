import { defineModule } from '../../platform/modules/define-module';
import { portalAccountRoutes } from './pages/portal-account.routes';
import { portalInvoiceRoutes } from './pages/portal-invoices.routes';
import { portalJobRoutes } from './pages/portal-jobs.routes';
import { storeFormRoutes } from './pages/store-forms.routes';
import { storePageRoutes } from './pages/store-pages.routes';
import { storeRoutes } from './store.routes';
import { storeFavoritesDemo } from './store-customer.demo';
import { storeCustomerRoutes } from './store-customer.routes';
import { storePortalDemo } from './store-portal.demo';

/**
 * The product store (issue 25): each firm's public catalog at /store/{slug}/, found by the firm's
 * address (platform/identity/firm-slugs.ts), in its firm's scope from then on.
 */
export const storeModule = defineModule({
  name: 'store',
  routes: [
    ...storeRoutes,
    ...storePageRoutes,
    ...storeFormRoutes,
    ...storeCustomerRoutes,
    ...portalInvoiceRoutes,
    ...portalAccountRoutes,
    ...portalJobRoutes,
  ],
  // Casey Morgan's favorites, for the staff's favorites page and the portal; their job and a sent quote.
  seeds: [storeFavoritesDemo, storePortalDemo],
});
