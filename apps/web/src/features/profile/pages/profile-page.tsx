import { DEFAULT_FIRM_NAME, type FollowUp, type Profile, permissionLabel } from '@atelier/contracts';
import {
  Anchor,
  Avatar,
  Badge,
  Card,
  Grid,
  Group,
  SimpleGrid,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ClockCard } from '../../../components/time/clock-card';
import { api } from '../../../lib/api';
import { formatDateTime } from '../../../lib/format';
import { useNavigation, useSettingsPages } from '../../../lib/navigation';
import { useProfile } from '../../../lib/session';
import { useMarkRead, useUnreadNotifications } from '../../notifications/api';

function UnreadNotifications() {
  const navigate = useNavigate();
  const unread = useUnreadNotifications();
  const markRead = useMarkRead();
  const items = unread.data ?? [];
  return (
    <Card withBorder padding="lg">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4">
          Unread notifications
        </Title>
        <Anchor component={Link} to="/u/profile/notifications" size="sm">
          All notifications
        </Anchor>
      </Group>
      {unread.isPending ? (
        <Text c="dimmed">Loading…</Text>
      ) : unread.isError ? (
        <Text c="red">Notifications could not be loaded.</Text>
      ) : items.length === 0 ? (
        <Text c="dimmed">No unread notifications</Text>
      ) : (
        <Stack gap="xs">
          {items.map((n) => (
            <UnstyledButton
              key={n._id}
              p="xs"
              style={{
                borderRadius: 'var(--mantine-radius-sm)',
                border: '1px solid var(--mantine-color-default-border)',
              }}
              onClick={async () => {
                await markRead.mutateAsync(n._id);
                if (n.link) navigate(n.link);
              }}
            >
              <Text size="sm">{n.message}</Text>
              <Text size="xs" c="dimmed">
                {formatDateTime(n.createdAt)}
              </Text>
            </UnstyledButton>
          ))}
        </Stack>
      )}
    </Card>
  );
}

/** The user's follow-ups that are due: overdue ones first, then the coming week. */
function FollowUps() {
  const followUps = useQuery({
    queryKey: ['follow-ups'],
    queryFn: () => api<FollowUp[]>('GET', '/interactions/follow-ups'),
  });
  const today = new Date().toISOString().slice(0, 10);
  if (!followUps.data?.length) return null;
  return (
    <Card withBorder padding="lg">
      <Title order={2} size="h4" mb="sm">
        Follow-ups due
      </Title>
      <Stack gap="xs">
        {followUps.data.map((f) => (
          <Group key={f._id} justify="space-between" wrap="nowrap" align="flex-start">
            <div style={{ minWidth: 0 }}>
              <Anchor component={Link} to={`${f.href}/interactions`} fw={500} size="sm">
                {f.recordName}
              </Anchor>
              <Text size="sm" lineClamp={2}>
                {f.summary}
              </Text>
            </div>
            <Badge
              color={f.followUpOn! < today ? 'red' : f.followUpOn === today ? 'orange' : 'blue'}
              variant="light"
              style={{ flexShrink: 0 }}
            >
              {f.followUpOn! < today ? `Overdue ${f.followUpOn}` : f.followUpOn === today ? 'Today' : f.followUpOn}
            </Badge>
          </Group>
        ))}
      </Stack>
    </Card>
  );
}

/** Links to everything this user may open: their modules, settings pages and own pages. */
function QuickLinks() {
  const groups = useNavigation();
  const settingsPages = useSettingsPages();
  const staff = useProfile().kind === 'staff';
  const links = [
    ...groups.flatMap((g) => g.routes.map((r) => ({ label: r.name, href: r.href }))),
    ...settingsPages.map((p) => ({
      label: `Settings: ${p.label.toLowerCase()}`,
      href: p.href,
    })),
    // The firm's modules and onboarding are staff matters; a customer has their own settings.
    ...(staff
      ? [
          { label: 'My timesheet', href: '/u/profile/timesheet' },
          { label: 'Billing and modules', href: '/u/profile/billing' },
          { label: 'Getting started', href: '/u/profile/tutorial' },
        ]
      : []),
    { label: 'My settings', href: '/u/profile/settings' },
  ];
  return (
    <Card withBorder padding="lg">
      <Title order={2} size="h4" mb="sm">
        Quick links
      </Title>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing={6}>
        {links.map((l) => (
          <Anchor key={l.href} component={Link} to={l.href} size="sm">
            {l.label}
          </Anchor>
        ))}
      </SimpleGrid>
    </Card>
  );
}

export default function ProfilePage() {
  const profile = useProfile();
  const name = `${profile.first_name} ${profile.last_name}`.trim();
  return (
    <Stack maw={1040} mx="auto" gap="lg">
      <Group gap="md" wrap="nowrap">
        <Avatar src={profile.image} name={name} color="initials" size="lg" />
        <div style={{ minWidth: 0 }}>
          <Title order={1} size="h2">
            {name}
          </Title>
          <Text c="dimmed" truncate>
            {profile.email} · {profile.firm.name || DEFAULT_FIRM_NAME}
          </Text>
        </div>
      </Group>
      {profile.kind === 'staff' ? (
        <>
          <Grid gap="lg">
            <Grid.Col span={{ base: 12, md: 5 }}>
              <ClockCard compact />
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 7 }}>
              <UnreadNotifications />
            </Grid.Col>
          </Grid>
          <QuickLinks />
          <FollowUps />
          <YourRoles />
        </>
      ) : (
        // A customer's own page: their details and notifications; favorites, orders and
        // invoices join with the store.
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <YourDetails />
          <UnreadNotifications />
        </SimpleGrid>
      )}
    </Stack>
  );
}

/** A customer's details, with where to change them and their password. */
function YourDetails() {
  const profile = useProfile();
  const name = `${profile.first_name} ${profile.last_name}`.trim();
  return (
    <Card withBorder padding="lg">
      <Title order={2} size="h4" mb="sm">
        Your details
      </Title>
      <Stack gap={4}>
        <Text>{name}</Text>
        <Text>{profile.email}</Text>
        <Text size="sm">A customer of {profile.firm.name || DEFAULT_FIRM_NAME}</Text>
      </Stack>
      <Anchor component={Link} to="/u/profile/settings" size="sm" mt="md" display="inline-block">
        Change your details or your password
      </Anchor>
    </Card>
  );
}

/** One role: its name and how much it allows; the permissions themselves on request. */
function RoleLine({ role }: { role: Profile['permissions'][number] }) {
  const [open, setOpen] = useState(false);
  const count = role.permissions.length;
  // A few are shown at once; a long list (a manager's dozens) waits to be asked for.
  const long = count > 8;
  return (
    <div>
      <Group gap="xs" wrap="wrap">
        <Text fw={600}>{role.name}</Text>
        <Text size="sm" c="dimmed">
          {count} permission{count === 1 ? '' : 's'}
        </Text>
        {long && (
          <Anchor component="button" type="button" size="sm" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
            {open ? 'Hide them' : 'Show them'}
          </Anchor>
        )}
      </Group>
      {(open || !long) && count > 0 && (
        <Group gap={6} mt={4}>
          {role.permissions.map((code) => (
            <Badge key={code} variant="light" size="sm" tt="none" title={`Permission ${code}`}>
              {permissionLabel(code)}
            </Badge>
          ))}
        </Group>
      )}
    </div>
  );
}

function YourRoles() {
  const profile = useProfile();
  return (
    <Card withBorder padding="lg">
      <Title order={2} size="h4" mb="sm">
        Your roles
      </Title>
      {profile.permissions.length === 0 ? (
        <Text c="dimmed">You have no roles yet. Ask an administrator of your firm to give you one.</Text>
      ) : (
        <Stack gap="sm">
          {profile.permissions.map((role) => (
            <RoleLine key={role._id} role={role} />
          ))}
        </Stack>
      )}
    </Card>
  );
}
