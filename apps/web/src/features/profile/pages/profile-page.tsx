import { permissionLabel } from '@atelier/contracts';
import { Avatar, Badge, Card, Group, SimpleGrid, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { useNavigate } from 'react-router';
import { useProfile } from '../../auth/session';
import { useMarkRead, useUnreadNotifications } from '../../notifications/api';

function UnreadNotifications() {
  const navigate = useNavigate();
  const unread = useUnreadNotifications();
  const markRead = useMarkRead();
  const items = unread.data ?? [];
  return (
    <Card withBorder padding="lg">
      <Title order={2} size="h4" mb="sm">
        Unread notifications
      </Title>
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
                {new Date(n.createdAt).toLocaleString()}
              </Text>
            </UnstyledButton>
          ))}
        </Stack>
      )}
    </Card>
  );
}

export function ProfilePage() {
  const profile = useProfile();
  const name = `${profile.first_name} ${profile.last_name}`.trim();
  return (
    <Stack maw={960} mx="auto" gap="lg">
      <Group gap="md" wrap="nowrap">
        <Avatar src={profile.image} name={name} color="initials" size="lg" />
        <div style={{ minWidth: 0 }}>
          <Title order={1} size="h2">
            {name}
          </Title>
          <Text c="dimmed" truncate>
            {profile.email} · {profile.firm.name || 'Your Firm'}
          </Text>
        </div>
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
        <Card withBorder padding="lg">
          <Title order={2} size="h4" mb="sm">
            Your roles
          </Title>
          {profile.permissions.length === 0 ? (
            <Text c="dimmed">You have no roles yet. Ask an administrator of your firm to give you one.</Text>
          ) : (
            <Stack gap="sm">
              {profile.permissions.map((role) => (
                <div key={role._id}>
                  <Text fw={600}>{role.name}</Text>
                  <Group gap={6} mt={4}>
                    {role.permissions.map((code) => (
                      <Badge key={code} variant="light" size="sm" title={`Permission ${code}`}>
                        {permissionLabel(code)}
                      </Badge>
                    ))}
                  </Group>
                </div>
              ))}
            </Stack>
          )}
        </Card>
        <UnreadNotifications />
      </SimpleGrid>
    </Stack>
  );
}
