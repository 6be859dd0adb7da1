import { DOCUMENT_TYPES } from '@atelier/contracts';
import { ActionIcon, Anchor, Button, Card, FileButton, Group, Stack, Table, Text } from '@mantine/core';
import { IconTrash, IconUpload } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { formatBytes, formatDateTime } from '../../lib/format';
import { showSubmitError } from '../../lib/forms';
import { toastSuccess } from '../../lib/toast';
import { uploadFile } from '../../lib/upload';
import { recordKeys, useDeleteFile, useFiles } from './api';
import { useRecord } from './record-outlet';

export function FilesTab() {
  const { path } = useRecord<unknown>();
  const queryClient = useQueryClient();
  const files = useFiles(path);
  const remove = useDeleteFile(path);
  const [busy, setBusy] = useState(false);
  const upload = async (file: File | null) => {
    if (!file) return;
    setBusy(true);
    try {
      await uploadFile(file, `${path}/files`, 'document');
      toastSuccess(`${file.name} uploaded.`);
      await queryClient.invalidateQueries({ queryKey: recordKeys.all(path) });
    } catch (error) {
      showSubmitError(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack>
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          PDF, images, Word, Excel, text or CSV, up to 25 MB each.
        </Text>
        <FileButton onChange={upload} accept={DOCUMENT_TYPES.join(',')}>
          {(props) => (
            <Button {...props} leftSection={<IconUpload size={16} />} loading={busy}>
              Upload a file
            </Button>
          )}
        </FileButton>
      </Group>
      <Card withBorder padding={0}>
        {files.data?.length === 0 ? (
          <Text p="md" c="dimmed">
            No files yet.
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={480}>
            <Table verticalSpacing="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Name</Table.Th>
                  <Table.Th>Size</Table.Th>
                  <Table.Th>Added</Table.Th>
                  <Table.Th w={40} />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {files.data?.map((f) => (
                  <Table.Tr key={f._id}>
                    <Table.Td>
                      <Anchor href={f.url} download={f.name}>
                        {f.name}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>{formatBytes(f.size)}</Table.Td>
                    <Table.Td>
                      <Text size="sm">{formatDateTime(f.createdAt)}</Text>
                      <Text size="xs" c="dimmed">
                        {f.uploadedBy?.name}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={`Delete ${f.name}`}
                        onClick={() => remove.mutateAsync(f._id).catch(showSubmitError)}
                      >
                        <IconTrash size={16} />
                      </ActionIcon>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Card>
    </Stack>
  );
}
