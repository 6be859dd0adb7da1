import { DEFAULT_FIRM_NAME, KINDS, P, PROFILE_MENU_PAGES } from '@atelier/contracts';
import { Menu, Text } from '@mantine/core';
import {
  IconBook,
  IconCalendar,
  IconHistory,
  IconHome,
  IconLayoutKanban,
  IconLogout,
  IconSettings,
  IconSquarePlus,
  IconUserCog,
  IconWorld,
} from '@tabler/icons-react';
import { Link } from 'react-router';
import { useMayOpen } from '../../components/record/may-open';
import { useSettings } from '../../features/settings/api';
import { useSettingsEntry } from '../../lib/navigation';
import { useCan } from '../../lib/permissions';
import { useSession } from '../../lib/session';
import { openTaskModal } from '../../lib/task-modal';
import { ProfileButton } from './profile-button';

/** Spec section 2: names are cut to 20 characters. */
const cut = (text: string) => text.slice(0, 20);

/**
 * The profile menu of spec section 2. The Calendar is for everyone on the staff (each sees the
 * kinds of items they may); firm Settings and Logging are hidden on small screens. The Task Board
 * needs view-all-tasks; Task (ctrl+alt+k) opens the task modal for anyone on the staff.
 */
export function ProfileMenuDropdown() {
  const { profile, signOut } = useSession();
  const { can } = useCan();
  const settingsHref = useSettingsEntry();
  const website = useSettings().data?.firmSettings.website;
  const mayOpenTasks = useMayOpen(KINDS.task);
  if (!profile) return null;
  const features = profile.firm.features;
  const taskBoard = PROFILE_MENU_PAGES.find(
    (page) =>
      page.href === '/f/task-board' && can(page.permission) && (!page.feature || features.includes(page.feature)),
  );
  const tasks = profile.kind === 'staff' && mayOpenTasks;
  const name = `${profile.first_name} ${profile.last_name}`.trim();
  return (
    <Menu position="bottom-end" width={240} shadow="md" withinPortal>
      <Menu.Target>
        <ProfileButton />
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{cut(profile.firm.name || DEFAULT_FIRM_NAME)}</Menu.Label>
        {profile.kind === 'staff' && (
          <Menu.Item component={Link} to="/f/calendar" leftSection={<IconCalendar size={16} />}>
            Calendar
          </Menu.Item>
        )}
        {taskBoard && (
          <Menu.Item component={Link} to={taskBoard.href} leftSection={<IconLayoutKanban size={16} />}>
            Task Board
          </Menu.Item>
        )}
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
        {tasks && (
          <Menu.Item
            onClick={() => openTaskModal()}
            leftSection={<IconSquarePlus size={16} />}
            rightSection={
              <Text size="xs" c="dimmed">
                Ctrl+Alt+K
              </Text>
            }
          >
            Task
          </Menu.Item>
        )}
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
