import type { MessageChannel, MessageKind } from '@atelier/contracts';
import { Alert, Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconMail, IconMessage } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { useMessageThreads } from '../api';
import { ComposeMessage, type Reply } from './compose-message';
import { MessageThreadCard, replyAddress, threadTitle } from './message-thread';

export const NO_MESSAGES =
  'No messages yet. Emails you write here go out with a reply address, so replies come back to this record.';

/**
 * A record's one-to-one messages (the messaging module), on its Interactions tab: write an email
 * or a text to its person, and the conversations with the replies that came back, newest first.
 * It asks again every 15 s and when the window comes back into focus, so a reply shows up.
 */
export function MessagesCard(props: { kind: MessageKind; path: string; record?: unknown }) {
  const threads = useMessageThreads(props.path);
  const titleId = useId();
  const [compose, setCompose] = useState<{ channel: MessageChannel; reply?: Reply } | null>(null);
  return (
    <Card withBorder padding="md" component="section" aria-labelledby={titleId}>
      <Group justify="space-between" gap="xs" mb="sm" wrap="wrap">
        <Title order={2} size="h4" id={titleId}>
          Messages
        </Title>
        <Group gap="xs" wrap="wrap">
          <Button leftSection={<IconMail size={16} />} onClick={() => setCompose({ channel: 'email' })}>
            Write an email
          </Button>
          <Button
            variant="default"
            leftSection={<IconMessage size={16} />}
            onClick={() => setCompose({ channel: 'sms' })}
          >
            Send a text
          </Button>
        </Group>
      </Group>
      {threads.isPending && <Loader size="sm" aria-label="Loading the messages" />}
      {threads.isError && !threads.data && (
        <Alert color="red" title="The messages could not be shown">
          {threads.error.message}
        </Alert>
      )}
      {threads.data?.length === 0 && (
        <Text size="sm" c="dimmed">
          {NO_MESSAGES}
        </Text>
      )}
      <Stack gap="sm">
        {threads.data?.map((t) => (
          <MessageThreadCard
            key={t._id}
            thread={t}
            onReply={
              t.channel === 'email'
                ? () =>
                    setCompose({
                      channel: 'email',
                      reply: { thread: t._id, subject: threadTitle(t), to: replyAddress(t) },
                    })
                : undefined
            }
          />
        ))}
      </Stack>
      {compose && (
        <ComposeMessage
          kind={props.kind}
          path={props.path}
          record={props.record}
          channel={compose.channel}
          reply={compose.reply}
          onClose={() => setCompose(null)}
        />
      )}
    </Card>
  );
}
