import { IMAGE_TYPES } from '@atelier/contracts';
import { Button, FileButton, Group, Image, Input, Stack, Text } from '@mantine/core';
import { useId } from '@mantine/hooks';
import { IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { showSubmitError } from '../../../lib/forms';
import { uploadImage } from '../../../lib/upload';

/** Where staff see an image of the firm's by its file id. */
export const fileHref = (id: string) => `/api/v1/files/${id}`;

/** An image block's picture: uploaded (with the progress bar) or replaced; the block keeps the file's id. */
export function ImageBlockField(props: {
  value: string;
  onChange: (file: string) => void;
  alt: string;
  error?: string;
}) {
  const [busy, setBusy] = useState(false);
  const id = useId();
  return (
    <Input.Wrapper label="Image" withAsterisk error={props.error} labelElement="div" labelProps={{ id }}>
      <Stack gap="xs" mt={4} role="group" aria-labelledby={id}>
        {props.value && (
          <Image
            src={fileHref(props.value)}
            alt={props.alt || 'The block’s image'}
            h={160}
            w="auto"
            fit="contain"
            radius="sm"
            bg="var(--mantine-color-default-hover)"
          />
        )}
        <Group gap="xs">
          <FileButton
            accept={IMAGE_TYPES.join(',')}
            onChange={async (file) => {
              if (!file) return;
              setBusy(true);
              try {
                props.onChange((await uploadImage(file))._id);
              } catch (error) {
                showSubmitError(error);
              } finally {
                setBusy(false);
              }
            }}
          >
            {(button) => (
              <Button {...button} variant="default" size="xs" leftSection={<IconUpload size={14} />} loading={busy}>
                {props.value ? 'Replace the image' : 'Upload an image'}
              </Button>
            )}
          </FileButton>
          <Text size="xs" c="dimmed">
            PNG, JPEG, WebP or GIF, up to 5 MB. Shown at most 600 pixels wide.
          </Text>
        </Group>
      </Stack>
    </Input.Wrapper>
  );
}
