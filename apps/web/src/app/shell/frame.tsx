import { AppShell, Button, Center, Group, Loader, Text, UnstyledButton } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { useSession } from '../../lib/session';
import { ColorSchemeToggle } from './color-scheme-toggle';
import { ConnectionIndicator } from './connection-indicator';
import { Footer } from './footer';

/** What the signed-in frame adds to the public one. */
export type FrameParts = {
  /** Before the logo: the phone's burger. */
  burger?: ReactNode;
  /** After the logo: the mega menu. */
  menus?: ReactNode;
  /** Before the colour scheme switch: search. */
  search?: ReactNode;
  /** After it: the bell and the profile menu. */
  account?: ReactNode;
  /** The phone's drawer, and whether it is open (a frame without one leaves it undefined). */
  navbar?: ReactNode;
  drawerOpen?: boolean;
  /** Above the page: the impersonation banner, and what signed-in pages fetch on start. */
  above?: ReactNode;
  /** After the page: the upload progress. */
  after?: ReactNode;
  /** While the signed-in parts load, a spinner stands in for the page. */
  loading?: boolean;
};

/** The top bar, the page and the footer, for everyone. */
export function Frame(parts: FrameParts) {
  const { profile, status } = useSession();
  const { pathname } = useLocation();
  const signedIn = Boolean(profile);
  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{
        width: 280,
        breakpoint: 'sm',
        collapsed: { mobile: !parts.drawerOpen || !signedIn, desktop: true },
      }}
      padding="md"
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="sm">
          <Group gap="sm" wrap="nowrap">
            {parts.burger}
            <UnstyledButton component={Link} to={signedIn ? '/u/profile' : '/'} aria-label="Atelier home">
              <Group gap={8} wrap="nowrap">
                <img src="/favicon.svg" alt="" width={28} height={28} />
                <Text fw={700} size="lg" visibleFrom="xs">
                  Atelier
                </Text>
              </Group>
            </UnstyledButton>
            {parts.menus}
          </Group>
          <Group gap="xs" wrap="nowrap">
            <ConnectionIndicator />
            {parts.search}
            <ColorSchemeToggle />
            {parts.account ??
              // Not while the session is still being restored (say, while the server reconnects).
              (status === 'signed-out' && pathname !== '/' && (
                <Button component={Link} to="/u/profile" variant="light">
                  Sign in
                </Button>
              ))}
          </Group>
        </Group>
      </AppShell.Header>
      {parts.drawerOpen !== undefined && <AppShell.Navbar>{parts.navbar}</AppShell.Navbar>}
      <AppShell.Main style={{ display: 'flex', flexDirection: 'column' }}>
        {parts.above}
        <div style={{ flex: 1 }}>
          {parts.loading ? (
            <Center py="xl">
              <Loader aria-label="Loading" />
            </Center>
          ) : (
            <Outlet />
          )}
        </div>
        <Footer />
      </AppShell.Main>
      {parts.after}
    </AppShell>
  );
}
