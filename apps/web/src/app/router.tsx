import { createBrowserRouter, type RouteObject } from 'react-router';
import { NotFoundPage } from './not-found-page';
import { RequireSession } from './require-session';
import { RootLayout } from './root-layout';
import { RouteErrorPage } from './route-error-page';

/** A route whose module loads on first visit (spec section 7: page modules load lazily). */
function page(path: string | undefined, load: () => Promise<{ default: React.ComponentType }>): RouteObject {
  const lazy = async () => ({ Component: (await load()).default });
  return path === undefined ? { index: true, lazy } : { path, lazy };
}

/** A tab every record has (files, interactions, logs, activities), from the shared record parts. */
function tab(path: string, name: 'FilesTab' | 'InteractionsTab' | 'LogsTab' | 'ActivitiesTab'): RouteObject {
  const modules = {
    FilesTab: () => import('../components/record/files-tab'),
    InteractionsTab: () => import('../components/record/interactions-tab'),
    LogsTab: () => import('../components/record/logs-tab'),
    ActivitiesTab: () => import('../components/record/activities-tab'),
  };
  return {
    path,
    lazy: async () => ({ Component: ((await modules[name]()) as Record<string, React.ComponentType>)[name] }),
  };
}

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <RootLayout />,
    errorElement: <RouteErrorPage />,
    children: [
      {
        errorElement: <RouteErrorPage />,
        children: [
          page(undefined, () => import('../features/auth/pages/sign-in-page')),
          page('register', () => import('../features/auth/pages/register-page')),
          page('register/confirm', () => import('../features/auth/pages/register-confirm-page')),
          page('reset-password', () => import('../features/auth/pages/reset-password-page')),
          page('terms-of-service', () => import('../features/legal/pages/terms-page')),
          page('privacy-policy', () => import('../features/legal/pages/privacy-page')),
          {
            element: <RequireSession />,
            children: [
              page('onboarding', () => import('../features/onboarding/pages/onboarding-page')),
              page('u/profile', () => import('../features/profile/pages/profile-page')),
              page('u/profile/settings', () => import('../features/profile/pages/profile-settings-page')),
              page('u/profile/notifications', () => import('../features/notifications/pages/notifications-page')),
              page('u/profile/billing', () => import('../features/billing/pages/billing-page')),
              page('u/profile/tutorial', () => import('../features/profile/pages/tutorial-page')),
              page('f/logs', () => import('../features/logs/pages/logs-page')),
              page('u/companies', () => import('../features/companies/pages/companies-list-page')),
              page('u/companies/new', () => import('../features/companies/pages/company-new-page')),
              {
                path: 'u/companies/:id',
                lazy: async () => ({ Component: (await import('../features/companies/pages/company-layout')).default }),
                children: [
                  page(undefined, () => import('../features/companies/pages/company-details-tab')),
                  tab('files', 'FilesTab'),
                  tab('interactions', 'InteractionsTab'),
                  page('settings', () => import('../features/companies/pages/company-settings-tab')),
                  tab('logs', 'LogsTab'),
                ],
              },
              page('u/customers', () => import('../features/customers/pages/customers-list-page')),
              page('u/customers/new', () => import('../features/customers/pages/customer-new-page')),
              {
                path: 'u/customers/:id',
                lazy: async () => ({
                  Component: (await import('../features/customers/pages/customer-layout')).default,
                }),
                children: [
                  page(undefined, () => import('../features/customers/pages/customer-details-tab')),
                  tab('activities', 'ActivitiesTab'),
                  tab('interactions', 'InteractionsTab'),
                  tab('files', 'FilesTab'),
                  page('settings', () => import('../features/customers/pages/customer-settings-tab')),
                  tab('logs', 'LogsTab'),
                ],
              },
              page('u/ambassadors', () => import('../features/ambassadors/pages/ambassadors-list-page')),
              page('u/ambassadors/new', () => import('../features/ambassadors/pages/ambassador-new-page')),
              {
                path: 'u/ambassadors/:id',
                lazy: async () => ({
                  Component: (await import('../features/ambassadors/pages/ambassador-layout')).default,
                }),
                children: [
                  page(undefined, () => import('../features/ambassadors/pages/ambassador-details-tab')),
                  tab('interactions', 'InteractionsTab'),
                  tab('files', 'FilesTab'),
                  tab('logs', 'LogsTab'),
                ],
              },
              page('u/employees', () => import('../features/employees/pages/employees-list-page')),
              {
                path: 'u/employees/:id',
                lazy: async () => ({
                  Component: (await import('../features/employees/pages/employee-layout')).default,
                }),
                children: [
                  page(undefined, () => import('../features/employees/pages/employee-details-tab')),
                  page('customers', () => import('../features/employees/pages/employee-customers-tab')),
                  tab('logs', 'LogsTab'),
                ],
              },
              page('u/leads', () => import('../features/leads/pages/leads-page')),
              page('u/leads/new', () => import('../features/leads/pages/lead-new-page')),
              {
                path: 'u/leads/:id',
                lazy: async () => ({ Component: (await import('../features/leads/pages/lead-layout')).default }),
                children: [
                  page(undefined, () => import('../features/leads/pages/lead-details-tab')),
                  tab('interactions', 'InteractionsTab'),
                  tab('files', 'FilesTab'),
                  tab('logs', 'LogsTab'),
                ],
              },
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
                  page('warehouses', () => import('../features/warehouses/pages/warehouses-page')),
                  page('warehouses/:id', () => import('../features/warehouses/pages/warehouse-page')),
                  page('lead', () => import('../features/leads/pages/lead-settings-page')),
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
