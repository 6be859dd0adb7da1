import type { Proposal } from '@atelier/contracts';
import { Alert, Button, Card, Group, Loader, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import {
  initialChoices,
  type ProposalChoices,
  ProposalDocument,
} from '../../../components/proposal-view/proposal-document';
import { useRecord } from '../../../components/record/record-outlet';
import { type OpenProposal, useProposalPreview } from '../api';

/** The document with choices of one's own to try, as the client would tick them; nothing is saved. */
function Preview({ doc }: { doc: OpenProposal }) {
  const [choices, setChoices] = useState<ProposalChoices>(() => initialChoices(doc));
  const tried = JSON.stringify(choices) !== JSON.stringify(initialChoices(doc));
  return (
    <Stack>
      <Group justify="space-between" gap="xs">
        <Text size="sm" c="dimmed" maw={640}>
          The page the client opens from the link, as saved. Ticking options here only shows how the totals change:
          nothing is saved or sent.
        </Text>
        {tried && (
          <Button variant="default" size="xs" onClick={() => setChoices(initialChoices(doc))}>
            Put the choices back
          </Button>
        )}
      </Group>
      <Card withBorder padding={0} bg="var(--mantine-color-body)">
        <Stack p={{ base: 'xs', sm: 'lg' }}>
          <ProposalDocument doc={doc} choices={choices} onChoicesChange={setChoices} />
        </Stack>
      </Card>
    </Stack>
  );
}

/** /o/proposals/{id}/preview: exactly what the client sees. */
export default function ProposalPreviewTab() {
  const { record } = useRecord<Proposal>();
  const preview = useProposalPreview(record._id);
  if (preview.isPending) return <Loader aria-label="Loading the preview" />;
  if (preview.error)
    return (
      <Alert color="red" title="The preview could not be shown">
        {preview.error.message}
      </Alert>
    );
  // A saved change reloads it: the choices start again from the new document.
  return <Preview key={preview.dataUpdatedAt} doc={preview.data} />;
}
