import { IMAGE_TYPES } from '@atelier/contracts';
import { Button, FileButton, Group, Image, Text } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { toastError } from '../lib/toast';
import { uploadImage } from '../lib/upload';

type Props = {
  label: string;
  value: string | null;
  onChange: (url: string) => void;
  error?: string;
  previewHeight?: number;
};

/** Picks an image, uploads it (with the progress bar) and hands back its address. */
export function ImageInput({ label, value, onChange, error, previewHeight = 64 }: Props) {
  const [busy, setBusy] = useState(false);
  return (
    <div>
      <Text size="sm" fw={500} mb={4}>
        {label}
      </Text>
      <Group gap="md" align="center">
        {value && <Image src={value} alt={label} h={previewHeight} w="auto" fit="contain" radius="sm" />}
        <FileButton
          accept={IMAGE_TYPES.join(',')}
          onChange={async (file) => {
            if (!file) return;
            setBusy(true);
            try {
              onChange((await uploadImage(file)).url);
            } catch (e) {
              toastError((e as Error).message);
            } finally {
              setBusy(false);
            }
          }}
        >
          {(props) => (
            <Button {...props} variant="default" leftSection={<IconUpload size={16} />} loading={busy}>
              {value ? 'Replace' : 'Upload'}
            </Button>
          )}
        </FileButton>
      </Group>
      <Text size="xs" c={error ? 'red' : 'dimmed'} mt={4}>
        {error ?? 'PNG, JPEG, WebP or GIF, up to 5 MB.'}
      </Text>
    </div>
  );
}
