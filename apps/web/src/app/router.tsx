import { IMPORT_KIND_INFO, KINDS, kindHas, type RecordKind } from '@atelier/contracts';
import { Center, Loader } from '@mantine/core';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import type { RecordPages } from '../components/record/record-pages';
import { NotFoundPage } from './not-found-page';
import { RequireSession } from './require-session';
import { RootLayout } from './root-layout';
import { RouteErrorPage } from './route-error-page';

/** A route whose module loads on first visit (spec section 7: page modules load lazily). */
function page(path: string | undefined, load: () => Promise<{ default: React.ComponentType }>): RouteObject {
  const lazy = async () => ({ Component: (await load()).default });
  return path === undefined ? { index: true, lazy } : { path, lazy };
}

/** The tabs every record may have (files, interactions, logs, activities), from the shared record parts. */
const SHARED_TABS = {
  files: async () => (await import('../components/record/files-tab')).FilesTab,
  // The messaging module's conversations go above a record's interactions.
  interactions: async () =>
    (await import('../features/messages/pages/interactions-with-messages')).InteractionsWithMessagesTab,
  logs: async () => (await import('../components/record/logs-tab')).LogsTab,
  activities: async () => (await import('../components/record/activities-tab')).ActivitiesTab,
};

function tab(path: keyof typeof SHARED_TABS): RouteObject {
  return { path, lazy: async () => ({ Component: await SHARED_TABS[path]() }) };
}

/**
 * A record kind's routes, from its declaration: its list at its web path, its new page (when it
 * has create), and a record's page with the declared tabs, the first at the record's own address
 * and at `{id}/details`.
 * The kind's pages (`recordPages`) are one module, loaded on first visit; shared tabs and the
 * kind's own tabs load alone. With `segments`, a record also lives under a segment the page
 * reads (`/p/importer/{segment}/{id}`, and its new page at `/p/importer/{segment}/new`), where the
 * spec names its pages so.
 */
function kindRoutes(
  kind: RecordKind,
  load: () => Promise<{ default: RecordPages }>,
  options: { segments?: boolean; landings?: readonly string[] } = {},
): RouteObject[] {
  const from = (pick: (pages: RecordPages) => React.ComponentType | undefined, what: string) => async () => {
    const Component = pick((await load()).default);
    if (!Component) throw new Error(`The ${kind.noun} pages have no ${what}.`);
    return { Component };
  };
  const base = kind.webPath.slice(1);
  const newPage = (at: string): RouteObject => ({ path: at, lazy: from((p) => p.New, 'new page') });
  const recordPage = (at: string): RouteObject => ({
    path: at,
    lazy: from((p) => p.Layout, 'record page'),
    children: kind.tabs.flatMap(({ path, alias }): RouteObject[] => {
      // The details tab is the record's own address, and `/details` too (spec section 2).
      if (!path) {
        const lazy = from((p) => p.Details, 'details tab');
        return [
          { index: true, lazy },
          { path: alias ?? 'details', lazy },
        ];
      }
      if (Object.hasOwn(SHARED_TABS, path)) return [tab(path as keyof typeof SHARED_TABS)];
      return [
        {
          path,
          lazy: async () => {
            const loadTab = (await load()).default.tabs?.[path];
            if (!loadTab) throw new Error(`The ${kind.noun} pages have no ${path} tab.`);
            return { Component: (await loadTab()).default };
          },
        },
      ];
    }),
  });
  return [
    { path: base, lazy: from((p) => p.List, 'list') },
    ...(kindHas(kind, 'create') ? [newPage(`${base}/new`)] : []),
    recordPage(`${base}/:id`),
    ...(options.segments ? [newPage(`${base}/:segment/new`), recordPage(`${base}/:segment/:id`)] : []),
    // A segment whose new page the spec names without /new (/p/importer/tags).
    ...(options.landings ?? []).map((segment) => newPage(`${base}/${segment}`)),
  ];
}

function FirstLoad() {
  return (
    <Center h="100dvh">
      <Loader aria-label="Loading" />
    </Center>
  );
}

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <RootLayout />,
    errorElement: <RouteErrorPage />,
    // What shows while the first page's code loads (a page module is lazy): a spinner, and no
    // "HydrateFallback" warning in the console.
    HydrateFallback: FirstLoad,
    children: [
      {
        errorElement: <RouteErrorPage />,
        children: [
          page(undefined, () => import('../features/auth/pages/sign-in-page')),
          page('register', () => import('../features/auth/pages/register-page')),
          page('register/confirm', () => import('../features/auth/pages/register-confirm-page')),
          page('reset-password', () => import('../features/auth/pages/reset-password-page')),
          page('proposals/approve/:token', () => import('../features/proposal-approval/pages/approve-page')),
          page('proposals/verify', () => import('../features/proposal-approval/pages/verify-page')),
          // The link under every marketing email (spec section 2): works signed out.
          page('unsubscribe', () => import('../features/emailer/pages/unsubscribe-page')),
          page('terms-of-service', () => import('../features/legal/pages/terms-page')),
          page('privacy-policy', () => import('../features/legal/pages/privacy-page')),
          // Public (spec section 2): a visitor reads what setting up involves; a signed-in
          // administrator gets the steps (and RequireSession still sends them here until done).
          page('onboarding', () => import('../features/onboarding/pages/onboarding-entry-page')),
          {
            element: <RequireSession />,
            children: [
              page('u/profile', () => import('../features/profile/pages/profile-page')),
              page('u/profile/settings', () => import('../features/profile/pages/profile-settings-page')),
              page('u/profile/notifications', () => import('../features/notifications/pages/notifications-page')),
              page('u/profile/billing', () => import('../features/billing/pages/billing-page')),
              page('u/profile/tutorial', () => import('../features/profile/pages/tutorial-page')),
              ...kindRoutes(KINDS.time_entry, () => import('../features/time/pages/time-entry-pages')),
              page('f/logs', () => import('../features/logs/pages/logs-page')),
              // A task opens in the shell's modal, over the board (spec section 2).
              page('f/task-board', () => import('../features/tasks/pages/task-board-page')),
              page('f/task-board/:id', () => import('../features/tasks/pages/task-board-page')),
              page('f/calendar', () => import('../features/calendar/pages/calendar-page')),
              ...kindRoutes(KINDS.company, () => import('../features/companies/pages/company-pages')),
              ...kindRoutes(KINDS.customer, () => import('../features/customers/pages/customer-pages')),
              ...kindRoutes(KINDS.ambassador, () => import('../features/ambassadors/pages/ambassador-pages')),
              page('u/employees', () => import('../features/employees/pages/employees-list-page')),
              {
                path: 'u/employees/:id',
                lazy: async () => ({
                  Component: (await import('../features/employees/pages/employee-layout')).default,
                }),
                children: [
                  page(undefined, () => import('../features/employees/pages/employee-details-tab')),
                  page('details', () => import('../features/employees/pages/employee-details-tab')),
                  page('analytics', () => import('../features/employees/pages/employee-analytics-tab')),
                  page('accounting', () => import('../features/employees/pages/employee-accounting-tab')),
                  page('customers', () => import('../features/employees/pages/employee-customers-tab')),
                  tab('logs'),
                ],
              },
              ...kindRoutes(KINDS.lead, () => import('../features/leads/pages/lead-pages')),
              ...kindRoutes(KINDS.customer_job, () => import('../features/jobs/pages/job-pages')),
              ...kindRoutes(KINDS.product, () => import('../features/products/pages/product-pages')),
              page('p/categories', () => import('../features/categories/pages/categories-page')),
              page('p/tags', () => import('../features/product-tags/pages/product-tags-page')),
              page('p/low-stock', () => import('../features/purchasing/pages/low-stock-page')),
              page('p/stock-counts', () => import('../features/stock/pages/stock-counts-page')),
              page('p/stock-counts/:id', () => import('../features/stock/pages/stock-count-page')),
              page('p/coupons', () => import('../features/coupons/pages/coupons-page')),
              page('f/product-store/*', () => import('../features/store/pages/product-store-page')),
              page('p/filters', () => import('../features/filters/pages/filters-page')),
              page('p/filters/:id', () => import('../features/filters/pages/filters-page')),
              page('p/categories/:id', () => import('../features/categories/pages/categories-page')),
              ...kindRoutes(KINDS.raw_material, () => import('../features/materials/pages/material-pages')),
              ...kindRoutes(KINDS.collection, () => import('../features/collections/pages/collection-pages')),
              ...kindRoutes(KINDS.email, () => import('../features/emailer/pages/email-pages')),
              ...kindRoutes(KINDS.vendor, () => import('../features/vendors/pages/vendor-pages')),
              ...kindRoutes(KINDS.purchase_order, () => import('../features/purchasing/pages/purchase-order-pages')),
              ...kindRoutes(KINDS.vendor_bill, () => import('../features/vendor-bills/pages/vendor-bill-pages')),
              ...kindRoutes(KINDS.vendor_credit, () => import('../features/vendor-bills/pages/vendor-credit-pages')),
              ...kindRoutes(KINDS.bill_payment, () => import('../features/vendor-bills/pages/bill-payment-pages')),
              page('o/deliveries/mine', () => import('../features/deliveries/pages/my-deliveries-page')),
              ...kindRoutes(KINDS.order, () => import('../features/orders/pages/order-pages')),
              ...kindRoutes(KINDS.quote, () => import('../features/quotes/pages/quote-pages')),
              ...kindRoutes(KINDS.delivery_route, () => import('../features/deliveries/pages/delivery-pages')),
              ...kindRoutes(KINDS.proposal, () => import('../features/proposals/pages/proposal-pages')),
              ...kindRoutes(KINDS.change_order, () => import('../features/change-orders/pages/change-order-pages')),
              ...kindRoutes(KINDS.invoice, () => import('../features/invoices/pages/invoice-pages')),
              ...kindRoutes(KINDS.payment, () => import('../features/payments/pages/payment-pages')),
              ...kindRoutes(KINDS.credit_memo, () => import('../features/credit-memos/pages/credit-memo-pages')),
              ...kindRoutes(KINDS.expense, () => import('../features/expenses/pages/expense-pages')),
              page('a/liens/deadlines', () => import('../features/liens/pages/lien-calculator-page')),
              ...kindRoutes(KINDS.lien, () => import('../features/liens/pages/lien-pages')),
              ...kindRoutes(KINDS.lien_waiver, () => import('../features/lien-waivers/pages/lien-waiver-pages')),
              ...kindRoutes(KINDS.return, () => import('../features/returns/pages/return-pages')),
              ...kindRoutes(KINDS.vendor_claim, () => import('../features/vendor-claims/pages/vendor-claim-pages')),
              ...kindRoutes(
                KINDS.recurring_invoice,
                () => import('../features/recurring-invoices/pages/recurring-invoice-pages'),
              ),
              {
                // The create-order wizard: each step a route (spec section 2).
                path: 'o/create-order',
                lazy: async () => ({
                  Component: (await import('../features/orders/pages/create-order/wizard-layout')).default,
                }),
                children: [
                  { index: true, element: <Navigate to="customer" replace /> },
                  page('customer', () => import('../features/orders/pages/create-order/customer-step')),
                  page('products', () => import('../features/orders/pages/create-order/products-step')),
                  page('details', () => import('../features/orders/pages/create-order/details-step')),
                  page('billing', () => import('../features/orders/pages/create-order/billing-step')),
                  page('success/:order?', () => import('../features/orders/pages/create-order/success-step')),
                ],
              },
              ...kindRoutes(KINDS.shipment, () => import('../features/shipments/pages/shipment-pages')),
              ...kindRoutes(KINDS.import, () => import('../features/importer/pages/import-pages'), {
                segments: true,
                landings: Object.values(IMPORT_KIND_INFO)
                  .filter((info) => info.uploadAtSegment)
                  .map((info) => info.segment),
              }),
              // The spec's search target for shipments; they live under purchasing.
              { path: 'o/shipments', element: <Navigate to={KINDS.shipment.webPath} replace /> },
              {
                path: 's',
                lazy: async () => ({ Component: (await import('../features/settings/pages/settings-layout')).default }),
                children: [
                  {
                    path: 'firm',
                    lazy: async () => ({
                      Component: (await import('../features/settings/pages/firm-settings-layout')).default,
                    }),
                    children: [
                      page(undefined, () => import('../features/settings/pages/firm-general-tab')),
                      page('banking', () => import('../features/settings/pages/firm-banking-tab')),
                      page('payments', () => import('../features/settings/pages/firm-payments-tab')),
                      page('integrations', () => import('../features/settings/pages/firm-integrations-tab')),
                    ],
                  },
                  page('manage', () => import('../features/organization/pages/manage-page')),
                  page('organization', () => import('../features/organization/pages/organization-page')),
                  page('employee', () => import('../features/organization/pages/employee-settings-page')),
                  page('warehouses', () => import('../features/warehouses/pages/warehouses-page')),
                  page('warehouses/:id', () => import('../features/warehouses/pages/warehouse-page')),
                  page('lead', () => import('../features/leads/pages/lead-settings-page')),
                  {
                    path: 'project-management',
                    lazy: async () => ({
                      Component: (await import('../features/tasks/pages/project-settings-layout')).default,
                    }),
                    children: [
                      page('settings', () => import('../features/tasks/pages/project-settings-tab')),
                      page('templates', () => import('../features/tasks/pages/project-templates-tab')),
                      page('templates/:id', () => import('../features/tasks/pages/project-template-page')),
                    ],
                  },
                  page('account', () => import('../features/companies/pages/account-settings-page')),
                  page('customer', () => import('../features/customers/pages/customer-settings-page')),
                  page('vendor', () => import('../features/vendors/pages/vendor-settings-page')),
                  page('purchase-order', () => import('../features/purchasing/pages/purchase-order-settings-page')),
                  page('order', () => import('../features/orders/pages/order-settings-page')),
                  page('invoice', () => import('../features/invoices/pages/invoice-settings-page')),
                  page('credit-memo', () => import('../features/credit-memos/pages/credit-memo-settings-page')),
                  page('expense', () => import('../features/expenses/pages/expense-settings-page')),
                  page('quote', () => import('../features/quotes/pages/quote-settings-page')),
                  page('delivery', () => import('../features/deliveries/pages/delivery-settings-page')),
                  page('proposal', () => import('../features/proposals/pages/proposal-settings-page')),
                  page('documents', () => import('../features/settings/pages/document-settings-page')),
                  page('messaging', () => import('../features/settings/pages/messaging-settings-page')),
                  {
                    path: 'product',
                    lazy: async () => ({
                      Component: (await import('../features/products/pages/product-settings-layout')).default,
                    }),
                    children: [
                      page(undefined, () => import('../features/products/pages/product-settings-page')),
                      page('templates', () => import('../features/products/pages/product-templates-tab')),
                    ],
                  },
                ],
              },
            ],
          },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
