import { NavLink, ScrollArea, Stack, Text } from '@mantine/core';
import { IconBell, IconBook, IconHome, IconUserCog } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { useNavigation } from '../../lib/navigation';

/** Mobile (under 768 px): the same navigation, in the drawer the top bar's burger opens. */
export function NavDrawerContent({ onNavigate }: { onNavigate: () => void }) {
  const groups = useNavigation();
  const { pathname } = useLocation();
  const link = (label: string, href: string, icon?: React.ReactNode) => (
    <NavLink
      key={href}
      component={Link}
      to={href}
      label={label}
      leftSection={icon}
      active={pathname === href}
      onClick={onNavigate}
    />
  );
  return (
    <ScrollArea h="100%" type="auto">
      <Stack gap={0} p="xs" component="nav" aria-label="Main">
        {link('Home', '/u/profile', <IconHome size={18} />)}
        {link('Notifications', '/u/profile/notifications', <IconBell size={18} />)}
        {link('Tutorial', '/u/profile/tutorial', <IconBook size={18} />)}
        {link('My settings', '/u/profile/settings', <IconUserCog size={18} />)}
        {groups.map((group) => (
          <NavLink key={group.name} label={<Text fw={600}>{group.name}</Text>} defaultOpened childrenOffset="md">
            {group.routes.flatMap((route) => route.subroutes.map((sub) => link(sub.name, sub.href)))}
          </NavLink>
        ))}
      </Stack>
    </ScrollArea>
  );
}
