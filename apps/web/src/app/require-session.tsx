import { P } from '@atelier/contracts';
import { Center, Loader } from '@mantine/core';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useCan } from '../lib/permissions';
import { useSession } from '../lib/session';

/**
 * Pages for signed-in users: wait for the session restore, send visitors to sign in, and send
 * the super admin of a firm that has not finished onboarding to /onboarding.
 */
export function RequireSession() {
  const { status, profile } = useSession();
  const { can } = useCan();
  const { pathname } = useLocation();
  if (status === 'loading') {
    return (
      <Center py="xl">
        <Loader aria-label="Loading your session" />
      </Center>
    );
  }
  if (!profile) return <Navigate to="/" replace />;
  if (!profile.firm.onboarded && can(P.SUPER_ADMIN) && pathname !== '/onboarding')
    return <Navigate to="/onboarding" replace />;
  return <Outlet />;
}
