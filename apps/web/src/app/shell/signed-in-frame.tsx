import { Burger } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Suspense } from 'react';
import { lazyNamed } from '../../components/lazy';
import { ImpersonationBanner } from '../../features/auth/impersonation';
import { useUnreadNotifications } from '../../features/notifications/api';
import { useSettings } from '../../features/settings/api';
import { useWarehouses } from '../../features/warehouses/api';
import { useRecordEvents } from '../../lib/record-events';
import { useSession } from '../../lib/session';
import { Frame } from './frame';
import { MegaMenu } from './mega-menu';
import { NotificationsBell } from './notifications-bell';
import { ProfileMenu } from './profile-menu';
import { SearchButton } from './search-button';
import { TaskModalHost } from './task-modal-host';
import { UploadProgress } from './upload-progress';

// The phone's drawer loads when it first opens.
const NavDrawerContent = lazyNamed(() => import('./nav-drawer'), 'NavDrawerContent');

/** Spec section 4: after sign-in or restore, fetch warehouses (32 only), unread notifications and settings. */
function SignedInData({ me }: { me: string }) {
  useSettings();
  useUnreadNotifications();
  useWarehouses();
  useRecordEvents(me);
  return null;
}

/** The frame of a signed-in person: the menus, search (staff), the bell, the profile menu, the phone's drawer. */
export default function SignedInFrame() {
  const { profile } = useSession();
  const [drawerOpen, drawer] = useDisclosure(false);
  if (!profile) return null;
  return (
    <Frame
      burger={
        <Burger
          opened={drawerOpen}
          onClick={drawer.toggle}
          hiddenFrom="sm"
          size="sm"
          aria-label={drawerOpen ? 'Close navigation' : 'Open navigation'}
        />
      }
      menus={<MegaMenu />}
      search={profile.kind === 'staff' && <SearchButton />}
      account={
        <>
          <NotificationsBell />
          <ProfileMenu />
        </>
      }
      // Rendered only while open, so a closed drawer's links are not reachable by keyboard.
      navbar={
        drawerOpen && (
          <Suspense>
            <NavDrawerContent onNavigate={drawer.close} />
          </Suspense>
        )
      }
      drawerOpen={drawerOpen}
      above={
        <>
          <ImpersonationBanner />
          <SignedInData me={profile._id} />
        </>
      }
      after={
        <>
          <UploadProgress />
          {profile.kind === 'staff' && <TaskModalHost />}
        </>
      }
    />
  );
}
