import { Box, Group, NavLink, Select, Stack } from '@mantine/core';
import { Link, Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { NoAccess } from '../../../components/no-access';
import { useSettingsPages } from '../../../lib/navigation';

/** /s/…: the firm's settings pages this user may open, beside the open one. */
export default function SettingsLayout() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const pages = useSettingsPages();
  if (pages.length === 0) return <NoAccess />;
  if (pathname === '/s' || pathname === '/s/') return <Navigate to={pages[0]!.href} replace />;
  const current = pages.find((p) => pathname.startsWith(p.href));
  return (
    <Group align="flex-start" gap="xl" wrap="nowrap" maw={1200} mx="auto">
      <Stack gap={2} w={220} visibleFrom="sm" component="nav" aria-label="Settings">
        {pages.map((p) => (
          <NavLink key={p.href} component={Link} to={p.href} label={p.label} active={current?.href === p.href} />
        ))}
      </Stack>
      <Box style={{ flex: 1, minWidth: 0 }}>
        <Select
          hiddenFrom="sm"
          mb="md"
          aria-label="Settings page"
          data={pages.map((p) => ({ value: p.href, label: p.label }))}
          value={current?.href ?? null}
          onChange={(href) => href && navigate(href)}
          allowDeselect={false}
        />
        <Outlet />
      </Box>
    </Group>
  );
}
