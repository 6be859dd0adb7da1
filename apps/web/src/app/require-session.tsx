import { Center, Loader } from '@mantine/core';
import { Navigate, Outlet } from 'react-router';
import { useSession } from '../features/auth/session';

/** Pages for signed-in users: wait for the session restore, send visitors to sign in. */
export function RequireSession() {
  const { status } = useSession();
  if (status === 'loading') {
    return (
      <Center py="xl">
        <Loader aria-label="Loading your session" />
      </Center>
    );
  }
  if (status === 'signed-out') return <Navigate to="/" replace />;
  return <Outlet />;
}
