import { Anchor, Menu, Text, Tooltip } from '@mantine/core';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useMarkRead, useUnreadNotifications } from '../../features/notifications/api';
import { BellButton } from './bell-button';

/** The bell's menu: clicking a notification marks it read, refetches, then follows its link. */
export function BellMenu() {
  const navigate = useNavigate();
  const unread = useUnreadNotifications();
  const markRead = useMarkRead();
  const items = unread.data ?? [];
  // The hint stays out of the way of the list it opens (on a phone a tap shows both).
  const [opened, setOpened] = useState(false);
  return (
    <Menu position="bottom-end" width={320} shadow="md" withinPortal opened={opened} onChange={setOpened}>
      <Menu.Target>
        <Tooltip label="Notifications" disabled={opened}>
          <BellButton count={items.length} />
        </Tooltip>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Unread notifications</Menu.Label>
        {items.length === 0 && (
          <Text size="sm" c="dimmed" px="sm" py="xs">
            No unread notifications
          </Text>
        )}
        {items.map((n) => (
          <Menu.Item
            key={n._id}
            onClick={async () => {
              await markRead.mutateAsync(n._id);
              if (n.link) navigate(n.link);
            }}
          >
            <Text size="sm" lineClamp={3}>
              {n.message}
            </Text>
          </Menu.Item>
        ))}
        <Menu.Divider />
        <Anchor component={Link} to="/u/profile/notifications" size="sm" px="sm" py={6} display="block">
          All notifications
        </Anchor>
      </Menu.Dropdown>
    </Menu>
  );
}
