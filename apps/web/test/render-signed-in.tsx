import type { Profile } from '@atelier/contracts';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Routes, useLocation } from 'react-router';
import { authKeys } from '../src/lib/auth-api';
import { SessionProvider } from '../src/lib/session';

/** The address the app is at, for a test to read after a redirect. */
export function Where() {
  const { pathname } = useLocation();
  return <output aria-label="Address">{pathname}</output>;
}

/**
 * Renders `routes` (`<Route>` elements, whose params the pages read) as pages of the signed-in
 * app at `path`, for someone holding `codes` in a firm with the modules `features`, in Mantine's
 * test mode (no transitions, no portals).
 */
export function renderSignedIn(
  routes: ReactElement,
  { codes = [], path = '/', features = [] }: { codes?: number[]; path?: string; features?: string[] } = {},
) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  // Only what pages read of it: the roles' codes, the firm's modules, the records followed.
  const profile = {
    permissions: [{ permissions: codes }],
    firm: { features },
    subscriptions: [],
  } as unknown as Profile;
  queryClient.setQueryData(authKeys.profile, profile);
  const result = render(
    <MantineProvider env="test">
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={[path]}>
          <SessionProvider>
            <Routes>{routes}</Routes>
            <Where />
          </SessionProvider>
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { ...result, queryClient };
}
