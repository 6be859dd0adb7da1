import { createBrowserRouter, type RouteObject } from 'react-router';
import { NotFoundPage } from './not-found-page';
import { RequireSession } from './require-session';
import { RootLayout } from './root-layout';

/** Page modules load lazily, one chunk per route (spec section 7). */
export const routes: RouteObject[] = [
  {
    path: '/',
    element: <RootLayout />,
    children: [
      {
        index: true,
        lazy: async () => ({ Component: (await import('../features/auth/pages/sign-in-page')).SignInPage }),
      },
      {
        path: 'reset-password',
        lazy: async () => ({
          Component: (await import('../features/auth/pages/reset-password-page')).ResetPasswordPage,
        }),
      },
      {
        element: <RequireSession />,
        children: [
          {
            path: 'u/profile',
            lazy: async () => ({ Component: (await import('../features/profile/pages/profile-page')).ProfilePage }),
          },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
