import { Badge, Button, Card, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { formatDateTime } from '../../../lib/format';
import { useMarkAllRead, useMarkRead, useNotificationHistory } from '../api';

export default function NotificationsPage() {
  const navigate = useNavigate();
  const history = useNotificationHistory();
  const markRead = useMarkRead();
  const markAll = useMarkAllRead();
  const items = history.data?.pages.flat() ?? [];
  return (
    <Stack maw={760} mx="auto">
      <PageHeader
        title="Notifications"
        actions={
          <Button
            variant="default"
            onClick={() => markAll.mutate()}
            loading={markAll.isPending}
            disabled={!items.some((n) => !n.isRead)}
          >
            Mark all read
          </Button>
        }
      />
      {history.isPending ? (
        <Text c="dimmed">Loading…</Text>
      ) : history.isError ? (
        <Text c="red">Notifications could not be loaded.</Text>
      ) : items.length === 0 ? (
        <Text c="dimmed">You have no notifications.</Text>
      ) : (
        <Card withBorder padding={0}>
          {items.map((n, i) => (
            <UnstyledButton
              key={n._id}
              px="md"
              py="sm"
              style={{
                display: 'block',
                width: '100%',
                borderTop: i ? '1px solid var(--mantine-color-default-border)' : undefined,
              }}
              onClick={async () => {
                if (!n.isRead) await markRead.mutateAsync(n._id);
                if (n.link) navigate(n.link);
              }}
            >
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <div style={{ minWidth: 0 }}>
                  <Text size="sm" fw={n.isRead ? 400 : 600}>
                    {n.message}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {formatDateTime(n.createdAt)}
                  </Text>
                </div>
                {!n.isRead && (
                  <Badge size="sm" variant="light">
                    Unread
                  </Badge>
                )}
              </Group>
            </UnstyledButton>
          ))}
        </Card>
      )}
      {history.hasNextPage && (
        <Group justify="center">
          <Button variant="default" onClick={() => history.fetchNextPage()} loading={history.isFetchingNextPage}>
            Show older
          </Button>
        </Group>
      )}
    </Stack>
  );
}
