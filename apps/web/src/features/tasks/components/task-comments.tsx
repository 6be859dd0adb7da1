import { Button, Card, Group, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useInteractions, useSaveInteraction } from '../../../components/record/api';
import { formatDateTime } from '../../../lib/format';
import { showSubmitError } from '../../../lib/forms';
import { tasks } from '../api';

/** A task's comments: its notes (the interactions every record has), newest first. */
export function TaskComments({ id }: { id: string }) {
  const path = tasks.path(id);
  const list = useInteractions(path);
  const save = useSaveInteraction(path);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  const post = async () => {
    try {
      await save.mutateAsync({ kind: 'note', occurredAt: new Date().toISOString(), summary: text });
      setText('');
      setError(undefined);
    } catch (e) {
      showSubmitError(e);
      setError(e instanceof Error ? e.message : undefined);
    }
  };
  return (
    <Stack gap="sm">
      <Textarea
        label="Add a comment"
        autosize
        minRows={2}
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
        error={error}
      />
      <Group justify="flex-end">
        <Button size="xs" onClick={post} loading={save.isPending} disabled={!text.trim()}>
          Comment
        </Button>
      </Group>
      {list.data?.length === 0 && (
        <Text size="sm" c="dimmed">
          No comments yet.
        </Text>
      )}
      {list.data?.map((c) => (
        <Card key={c._id} withBorder padding="xs">
          <Text size="xs" c="dimmed">
            {c.author?.name ?? 'Someone'} · {formatDateTime(c.occurredAt)}
          </Text>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {c.summary}
          </Text>
        </Card>
      ))}
    </Stack>
  );
}
