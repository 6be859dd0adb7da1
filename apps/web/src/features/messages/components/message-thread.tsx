import { MESSAGE_STATUS_LABELS, type MessageThread, type OneMessage } from '@atelier/contracts';
import { Badge, Button, Card, Group, type MantineColor, Paper, Stack, Text, Title } from '@mantine/core';
import { IconArrowBackUp } from '@tabler/icons-react';
import { formatDateTime } from '../../../lib/format';

const STATUS_COLORS: Record<OneMessage['status'], MantineColor> = {
  queued: 'gray',
  sent: 'green',
  failed: 'red',
  logged: 'yellow',
  received: 'blue',
};

/** What a conversation is called: its subject, or for texts (which have none) "Text messages". */
export const threadTitle = (thread: MessageThread) =>
  thread.channel === 'sms' ? 'Text messages' : thread.subject || 'No subject';

/** Whom a reply in the conversation goes to: the other side of its latest message. */
export const replyAddress = (thread: MessageThread) => {
  const last = thread.messages.at(-1);
  return !last ? '' : last.direction === 'out' ? last.to : last.from;
};

function Message({ message: m }: { message: OneMessage }) {
  const out = m.direction === 'out';
  const who = out ? `Sent by ${m.by?.name ?? 'the firm'} to ${m.to}` : `Received from ${m.from}`;
  return (
    <Paper
      p="sm"
      radius="sm"
      bg={out ? 'var(--mantine-color-default-hover)' : 'var(--mantine-color-blue-light)'}
      ml={out ? { base: 0, sm: 'xl' } : 0}
      mr={out ? 0 : { base: 0, sm: 'xl' }}
    >
      <Group justify="space-between" gap={4} wrap="wrap" mb={4}>
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {who} · <time dateTime={m.at}>{formatDateTime(m.at)}</time>
        </Text>
        <Badge size="sm" variant="light" color={STATUS_COLORS[m.status]} maw="100%">
          {MESSAGE_STATUS_LABELS[m.status]}
        </Badge>
      </Group>
      {m.status === 'failed' && m.error && (
        <Text size="xs" c="red" mb={4} style={{ overflowWrap: 'anywhere' }}>
          The mail server answered: {m.error}
        </Text>
      )}
      {/* Plain text as it was written: React prints it as text, never as HTML. */}
      <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {m.body}
      </Text>
    </Paper>
  );
}

/** One conversation on the record: its messages oldest first, and Reply for an email one. */
export function MessageThreadCard({ thread, onReply }: { thread: MessageThread; onReply?: () => void }) {
  const title = threadTitle(thread);
  return (
    <Card withBorder padding="sm" component="article" aria-label={title}>
      <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs" mb="xs">
        <Title order={3} size="h5" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
          {title}
        </Title>
        {onReply && (
          <Button
            size="xs"
            variant="light"
            leftSection={<IconArrowBackUp size={14} />}
            onClick={onReply}
            aria-label={`Reply to ${title}`}
            style={{ flexShrink: 0 }}
          >
            Reply
          </Button>
        )}
      </Group>
      <Stack gap="xs">
        {thread.messages.map((m) => (
          <Message key={m._id} message={m} />
        ))}
      </Stack>
    </Card>
  );
}
