import { DEFAULT_FIRM_NAME, P } from '@atelier/contracts';
import { Menu } from '@mantine/core';
import { IconBook, IconHistory, IconHome, IconLogout, IconSettings, IconUserCog, IconWorld } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useSettings } from '../../features/settings/api';
import { useSettingsEntry } from '../../lib/navigation';
import { useCan } from '../../lib/permissions';
import { useSession } from '../../lib/session';
import { ProfileButton } from './profile-button';

/** Spec section 2: names are cut to 20 characters. */
const cut = (text: string) => text.slice(0, 20);

/**
 * The profile menu of spec section 2. Calendar, Task Board and Task have no page yet and stay
 * hidden until their modules exist; firm Settings and Logging are hidden on small screens.
 */
export function ProfileMenuDropdown() {
  const { profile, signOut } = useSession();
  const { can } = useCan();
  const settingsHref = useSettingsEntry();
  const website = useSettings().data?.firmSettings.website;
  if (!profile) return null;
  const name = `${profile.first_name} ${profile.last_name}`.trim();
  return (
    <Menu position="bottom-end" width={240} shadow="md" withinPortal>
      <Menu.Target>
        <ProfileButton />
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{cut(profile.firm.name || DEFAULT_FIRM_NAME)}</Menu.Label>
        {settingsHref && (
          <Menu.Item component={Link} to={settingsHref} leftSection={<IconSettings size={16} />} visibleFrom="sm">
            Settings
          </Menu.Item>
        )}
        {can(P.MODIFY_SITE_SETTINGS) && website && (
          // Opens the firm's site as a plain link: no session token or cookie value goes with it.
          <Menu.Item
            component="a"
            href={website}
            target="_blank"
            rel="noopener noreferrer"
            leftSection={<IconWorld size={16} />}
          >
            Website
          </Menu.Item>
        )}
        {can(P.MODIFY_LOGS) && (
          <Menu.Item component={Link} to="/f/logs" leftSection={<IconHistory size={16} />} visibleFrom="sm">
            Logging
          </Menu.Item>
        )}
        <Menu.Divider />
        <Menu.Label>{cut(name)}</Menu.Label>
        <Menu.Item component={Link} to="/u/profile" leftSection={<IconHome size={16} />}>
          Home
        </Menu.Item>
        <Menu.Item component={Link} to="/u/profile/tutorial" leftSection={<IconBook size={16} />}>
          Tutorial
        </Menu.Item>
        <Menu.Item component={Link} to="/u/profile/settings" leftSection={<IconUserCog size={16} />}>
          Settings
        </Menu.Item>
        <Menu.Item onClick={() => void signOut()} leftSection={<IconLogout size={16} />}>
          Sign out
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
