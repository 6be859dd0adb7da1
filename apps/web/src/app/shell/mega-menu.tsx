import { Anchor, Group, Menu, SimpleGrid, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useNavigation } from '../../lib/navigation';

/** Desktop (768 px and wider): one menu per group, each entry with its sub-pages. */
export function MegaMenu() {
  const groups = useNavigation();
  if (groups.length === 0) return null;
  return (
    <Group gap={4} visibleFrom="sm" component="nav" aria-label="Main">
      {groups.map((group) => (
        <Menu
          key={group.name}
          trigger="click-hover"
          openDelay={80}
          closeDelay={150}
          width={group.routes.length > 4 ? 520 : 260}
          shadow="md"
        >
          <Menu.Target>
            <UnstyledButton px="sm" py={6} style={{ borderRadius: 'var(--mantine-radius-sm)' }}>
              <Group gap={4} wrap="nowrap">
                <Text size="sm" fw={500}>
                  {group.name}
                </Text>
                <IconChevronDown size={14} />
              </Group>
            </UnstyledButton>
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
      ))}
    </Group>
  );
}
