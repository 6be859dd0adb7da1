import { MAX_MODEL_BYTES } from '@atelier/contracts';
import { Anchor, Button, Card, FileButton, Group, Stack, Text, Title } from '@mantine/core';
import { IconCube, IconUpload } from '@tabler/icons-react';
import { formatBytes, formatDateTime } from '../../../lib/format';
import { showSubmitError } from '../../../lib/forms';
import { toastSuccess } from '../../../lib/toast';
import { useDeleteProductModel, useProductModel, useUploadProductModel } from '../images-api';

/** The product's 3D model: one GLB file, uploaded, replaced, downloaded or removed. */
export function ModelCard({ productId }: { productId: string }) {
  const model = useProductModel(productId);
  const upload = useUploadProductModel(productId);
  const remove = useDeleteProductModel(productId);
  const send = async (file: File | null) => {
    if (!file) return;
    try {
      await upload.mutateAsync(file);
      toastSuccess(`${file.name} uploaded.`);
    } catch (error) {
      showSubmitError(error);
    }
  };
  const drop = async () => {
    try {
      await remove.mutateAsync(undefined);
      toastSuccess('3D model removed.');
    } catch (error) {
      showSubmitError(error);
    }
  };
  const file = model.data;
  return (
    <Card withBorder padding="lg">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <Title order={2} size="h4">
            3D model
          </Title>
          <FileButton onChange={(f) => void send(f)} accept=".glb,model/gltf-binary">
            {(props) => (
              <Button {...props} variant="default" leftSection={<IconUpload size={16} />} loading={upload.isPending}>
                {file ? 'Replace' : 'Upload a GLB file'}
              </Button>
            )}
          </FileButton>
        </Group>
        {file ? (
          <Group justify="space-between" wrap="wrap">
            <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
              <IconCube size={28} stroke={1.5} aria-hidden />
              <div style={{ minWidth: 0 }}>
                <Anchor href={file.url} download={file.name} size="sm" truncate>
                  {file.name}
                </Anchor>
                <Text size="xs" c="dimmed">
                  {formatBytes(file.size)} · {formatDateTime(file.createdAt)}
                  {file.uploadedBy ? ` · ${file.uploadedBy.name}` : ''}
                </Text>
              </div>
            </Group>
            <Button variant="subtle" color="red" onClick={drop} loading={remove.isPending}>
              Remove
            </Button>
          </Group>
        ) : (
          model.isSuccess && (
            <Text size="sm" c="dimmed">
              No 3D model yet. Upload the product as a GLB file (binary glTF 2.0), up to {formatBytes(MAX_MODEL_BYTES)},
              for showroom scenes.
            </Text>
          )
        )}
      </Stack>
    </Card>
  );
}
