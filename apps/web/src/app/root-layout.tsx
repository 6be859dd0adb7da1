import { AppShell, Group, Text, UnstyledButton } from '@mantine/core';
import { useEffect } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { SessionProvider, useSession } from '../features/auth/session';
import { pageTitle } from '../lib/title';
import { SignOutButton } from './sign-out-button';

function TopBar() {
  const { profile } = useSession();
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap">
      <UnstyledButton component={Link} to={profile ? '/u/profile' : '/'} aria-label="Atelier home">
        <Group gap={8} wrap="nowrap">
          <img src="/favicon.svg" alt="" width={28} height={28} />
          <Text fw={700} size="lg">
            Atelier
          </Text>
        </Group>
      </UnstyledButton>
      {profile && <SignOutButton />}
    </Group>
  );
}

export function RootLayout() {
  const { pathname } = useLocation();
  useEffect(() => {
    document.title = pageTitle(pathname);
  }, [pathname]);
  return (
    <SessionProvider>
      <AppShell header={{ height: 56 }} padding="md">
        <AppShell.Header>
          <TopBar />
        </AppShell.Header>
        <AppShell.Main>
          <Outlet />
        </AppShell.Main>
      </AppShell>
    </SessionProvider>
  );
}
