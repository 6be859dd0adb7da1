import type { NavGroup } from '@atelier/contracts';
import { Anchor, Menu, SimpleGrid, Stack } from '@mantine/core';
import { Link } from 'react-router';
import { GroupButton } from './group-button';

/** One group's menu of the main menu: its entries, each with its sub-pages. */
export function GroupMenu({ group }: { group: NavGroup }) {
  return (
    <Menu trigger="click-hover" openDelay={80} closeDelay={150} width={group.routes.length > 4 ? 520 : 260} shadow="md">
      <Menu.Target>
        <GroupButton name={group.name} />
      </Menu.Target>
      <Menu.Dropdown p="md">
        <SimpleGrid cols={group.routes.length > 4 ? 2 : 1} spacing="md">
          {group.routes.map((route) => (
            <Stack key={route.href} gap={2}>
              <Anchor component={Link} to={route.href} fw={600} size="sm">
                {route.name}
              </Anchor>
              {route.subroutes
                .filter((sub) => sub.href !== route.href)
                .map((sub) => (
                  <Anchor key={sub.href} component={Link} to={sub.href} size="sm" c="dimmed">
                    {sub.name}
                  </Anchor>
                ))}
            </Stack>
          ))}
        </SimpleGrid>
      </Menu.Dropdown>
    </Menu>
  );
}
