import { DOCUMENT_TYPES, type FileShare, KINDS, type StoredFile } from '@atelier/contracts';
import { ActionIcon, Anchor, Badge, Button, Card, FileButton, Group, Stack, Switch, Table, Text } from '@mantine/core';
import { IconTrash, IconUpload } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../lib/api';
import { formatBytes, formatDateTime } from '../../lib/format';
import { showSubmitError } from '../../lib/forms';
import { toastSuccess } from '../../lib/toast';
import { uploadFile } from '../../lib/upload';
import { recordKeys, useDeleteFile, useFiles } from './api';
import { useRecord } from './record-outlet';

/** Whether a record's files may be shared with its customer: a job's only (the customer portal shows them). */
export const sharesWithCustomer = (path: string) => path.startsWith(`${KINDS.customer_job.apiPath}/`);

export function FilesTab() {
  const { path } = useRecord<unknown>();
  const queryClient = useQueryClient();
  const files = useFiles(path);
  const remove = useDeleteFile(path);
  const shares = sharesWithCustomer(path);
  const share = useMutation({
    mutationFn: ({ id, shared }: { id: string } & FileShare) =>
      api<StoredFile>('POST', `/files/${id}/share`, { shared } satisfies FileShare),
    onSuccess: (file) => {
      toastSuccess(
        file.sharedAt
          ? `${file.name} is shared with the customer.`
          : `${file.name} is no longer shared with the customer.`,
      );
      return queryClient.invalidateQueries({ queryKey: recordKeys.all(path) });
    },
  });
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
                  {shares && <Table.Th>Customer</Table.Th>}
                  <Table.Th w={40} />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {files.data?.map((f) => (
                  <Table.Tr key={f._id}>
                    <Table.Td>
                      <Group gap="xs" wrap="nowrap">
                        <Anchor href={f.url} download={f.name}>
                          {f.name}
                        </Anchor>
                        {f.sharedAt && (
                          <Badge size="sm" variant="light" color="teal">
                            Shared
                          </Badge>
                        )}
                      </Group>
                    </Table.Td>
                    <Table.Td>{formatBytes(f.size)}</Table.Td>
                    <Table.Td>
                      <Text size="sm">{formatDateTime(f.createdAt)}</Text>
                      <Text size="xs" c="dimmed">
                        {f.uploadedBy?.name}
                      </Text>
                    </Table.Td>
                    {shares && (
                      <Table.Td>
                        <Switch
                          size="sm"
                          label="Shared with the customer"
                          aria-label={`Share ${f.name} with the customer`}
                          checked={Boolean(f.sharedAt)}
                          disabled={share.isPending && share.variables?.id === f._id}
                          onChange={(event) =>
                            share.mutateAsync({ id: f._id, shared: event.currentTarget.checked }).catch(showSubmitError)
                          }
                        />
                      </Table.Td>
                    )}
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
