import { AppShell, Burger, Button, Group, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useEffect } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { ImpersonationBanner } from '../../features/auth/impersonation';
import { useUnreadNotifications } from '../../features/notifications/api';
import { useSettings } from '../../features/settings/api';
import { useWarehouses } from '../../features/warehouses/api';
import { useRecordEvents } from '../../lib/record-events';
import { useSession } from '../../lib/session';
import { pageTitle } from '../../lib/title';
import { ColorSchemeToggle } from './color-scheme-toggle';
import { ConnectionIndicator } from './connection-indicator';
import { Footer } from './footer';
import { MegaMenu } from './mega-menu';
import { NavDrawerContent } from './nav-drawer';
import { NotificationsBell } from './notifications-bell';
import { ProfileMenu } from './profile-menu';
import { SearchButton } from './search-dialog';
import { UploadProgress } from './upload-progress';
import { useScrollRestore } from './use-scroll-restore';

/** Spec section 4: after sign-in or restore, fetch warehouses (32 only), unread notifications and settings. */
function SignedInData({ me }: { me: string }) {
  useSettings();
  useUnreadNotifications();
  useWarehouses();
  useRecordEvents(me);
  return null;
}

export function AppFrame() {
  const { profile, status } = useSession();
  const { pathname } = useLocation();
  const [drawerOpen, drawer] = useDisclosure(false);
  useScrollRestore();
  useEffect(() => {
    document.title = pageTitle(pathname);
  }, [pathname]);

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 280, breakpoint: 'sm', collapsed: { mobile: !drawerOpen || !profile, desktop: true } }}
      padding="md"
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="sm">
          <Group gap="sm" wrap="nowrap">
            {profile && (
              <Burger
                opened={drawerOpen}
                onClick={drawer.toggle}
                hiddenFrom="sm"
                size="sm"
                aria-label={drawerOpen ? 'Close navigation' : 'Open navigation'}
              />
            )}
            <UnstyledButton component={Link} to={profile ? '/u/profile' : '/'} aria-label="Atelier home">
              <Group gap={8} wrap="nowrap">
                <img src="/favicon.svg" alt="" width={28} height={28} />
                <Text fw={700} size="lg" visibleFrom="xs">
                  Atelier
                </Text>
              </Group>
            </UnstyledButton>
            {profile && <MegaMenu />}
          </Group>
          <Group gap="xs" wrap="nowrap">
            <ConnectionIndicator />
            {profile?.kind === 'staff' && <SearchButton />}
            <ColorSchemeToggle />
            {profile ? (
              <>
                <NotificationsBell />
                <ProfileMenu />
              </>
            ) : (
              // Not while the session is still being restored (say, while the server reconnects).
              status === 'signed-out' &&
              pathname !== '/' && (
                <Button component={Link} to="/u/profile" variant="light">
                  Sign in
                </Button>
              )
            )}
          </Group>
        </Group>
      </AppShell.Header>
      {profile && (
        <AppShell.Navbar>
          {/* Rendered only while open, so a closed drawer's links are not reachable by keyboard. */}
          {drawerOpen && <NavDrawerContent onNavigate={drawer.close} />}
        </AppShell.Navbar>
      )}
      <AppShell.Main style={{ display: 'flex', flexDirection: 'column' }}>
        <ImpersonationBanner />
        {profile && <SignedInData me={profile._id} />}
        <div style={{ flex: 1 }}>
          <Outlet />
        </div>
        <Footer />
      </AppShell.Main>
      <UploadProgress />
    </AppShell>
  );
}
