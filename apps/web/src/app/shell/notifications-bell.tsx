import { ActionIcon, Anchor, Indicator, Menu, Text, Tooltip } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useMarkRead, useUnreadNotifications } from '../../features/notifications/api';

/** Highlighted while anything is unread; clicking one marks it read, refetches, then follows its link. */
export function NotificationsBell() {
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
          <Indicator disabled={items.length === 0} color="red" size={10} offset={6} processing={false}>
            <ActionIcon
              variant={items.length > 0 ? 'light' : 'default'}
              color={items.length > 0 ? 'red' : undefined}
              size="lg"
              aria-label={items.length > 0 ? `Notifications, ${items.length} unread` : 'Notifications'}
              data-unread={items.length > 0 || undefined}
            >
              <IconBell size={18} />
            </ActionIcon>
          </Indicator>
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
