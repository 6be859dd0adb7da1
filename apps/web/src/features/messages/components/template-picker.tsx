import type { MessageDraft } from '@atelier/contracts';
import { Alert, Button, Group, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { showSubmitError } from '../../../lib/forms';
import { useEmailTemplates, useMessageDraft } from '../api';

/**
 * "From a template": an email template's words, filled in for the record's person, put in the
 * subject and message. Words already typed are replaced only once the person says so.
 */
export function TemplatePicker(props: {
  path: string;
  /** Whether words the template would replace are already typed. */
  typed: boolean;
  /** A reply keeps its conversation's subject: only the message is filled in. */
  bodyOnly: boolean;
  onDraft: (draft: MessageDraft) => void;
}) {
  const templates = useEmailTemplates(true);
  const draft = useMessageDraft(props.path);
  const [applied, setApplied] = useState<string | null>(null);
  const [pending, setPending] = useState<string | null>(null);
  const nameOf = (id: string) => templates.data?.find((t) => t._id === id)?.name ?? 'the template';
  const fill = async (id: string) => {
    setPending(null);
    try {
      props.onDraft(await draft.mutateAsync(id));
      setApplied(id);
    } catch (error) {
      showSubmitError(error);
    }
  };
  return (
    <Stack gap="xs">
      <Select
        label="From a template"
        description={`Fills in the ${props.bodyOnly ? 'message' : 'subject and message'} for this person.`}
        placeholder={templates.data?.length === 0 ? 'No email templates yet' : 'Choose a template'}
        data={(templates.data ?? []).map((t) => ({ value: t._id, label: t.name }))}
        value={pending ?? applied}
        onChange={(id) => {
          if (!id) return;
          if (props.typed) setPending(id);
          else void fill(id);
        }}
        disabled={draft.isPending}
        error={templates.isError ? templates.error.message : undefined}
        searchable
        nothingFoundMessage="No template by that name"
      />
      {pending && (
        <Alert color="yellow" title="Replace what you wrote?">
          <Text size="sm" mb="xs">
            {nameOf(pending)} takes the place of the words you typed.
          </Text>
          <Group gap="xs">
            <Button size="xs" onClick={() => void fill(pending)}>
              Replace
            </Button>
            <Button size="xs" variant="default" onClick={() => setPending(null)}>
              Keep what I wrote
            </Button>
          </Group>
        </Alert>
      )}
    </Stack>
  );
}
