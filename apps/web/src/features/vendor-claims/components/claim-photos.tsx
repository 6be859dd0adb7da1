import { IMAGE_TYPES, MAX_CLAIM_PHOTOS } from '@atelier/contracts';
import { ActionIcon, Anchor, Box, Button, FileButton, Group, Image, Input, Text } from '@mantine/core';
import { IconPhoto, IconX } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { uploadImage } from '../../../lib/upload';
import { downscalePhoto } from '../../deliveries/downscale';
import { fileHref } from '../api';

/** A photo of the claim: uploaded already (POST /files), by its id. */
export type ClaimPhoto = { _id: string; name: string };

/** The claim's photos as thumbnails, each opening the full photo. */
export function PhotoThumbs({
  photos,
  label,
  onRemove,
}: {
  photos: readonly ClaimPhoto[];
  label: string;
  onRemove?: (id: string) => void;
}) {
  return (
    <>
      {photos.map((photo, i) => (
        <Box key={photo._id} pos="relative">
          <Anchor href={fileHref(photo._id)} target="_blank" aria-label={`${label} ${i + 1}: ${photo.name}`}>
            <Image src={fileHref(photo._id)} alt={`${label} ${i + 1}`} w={72} h={72} radius="sm" fit="cover" />
          </Anchor>
          {onRemove && (
            <ActionIcon
              size="sm"
              color="red"
              variant="filled"
              pos="absolute"
              top={2}
              right={2}
              aria-label={`Remove photo ${i + 1}`}
              onClick={() => onRemove(photo._id)}
            >
              <IconX size={14} />
            </ActionIcon>
          )}
        </Box>
      ))}
    </>
  );
}

/**
 * Photos of the damage: each made small in the browser (a phone's camera photo is large), then
 * uploaded at once; the claim keeps their ids.
 */
export function ClaimPhotosInput({
  value,
  onChange,
  error,
}: {
  value: ClaimPhoto[];
  onChange: (photos: ClaimPhoto[]) => void;
  error?: string;
}) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const reset = useRef<() => void>(null);
  const latest = useRef(value);
  latest.current = value;
  const full = value.length >= MAX_CLAIM_PHOTOS;

  const add = async (files: File[]) => {
    reset.current?.();
    setBusy(true);
    setProblem(null);
    try {
      for (const file of files.slice(0, MAX_CLAIM_PHOTOS - latest.current.length)) {
        const blob = file.type === 'image/gif' ? file : await downscalePhoto(file);
        const name = file.name.replace(/\.[^.]+$/, '') + (blob === file ? '' : '.jpg');
        const stored = await uploadImage(new File([blob], name || 'photo.jpg', { type: blob.type || file.type }));
        latest.current = [...latest.current, { _id: stored._id, name: stored.name }];
        onChange(latest.current);
      }
    } catch (e) {
      setProblem((e as Error).message || 'This photo could not be uploaded. Add it again.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Input.Wrapper
      label="Photos"
      labelElement="div"
      description="Of the damage, the label, the packaging"
      error={error ?? problem}
    >
      <Group gap="xs" mt={6}>
        <PhotoThumbs photos={value} label="Photo" onRemove={(id) => onChange(value.filter((p) => p._id !== id))} />
        <FileButton
          onChange={(files) => void add(files)}
          accept={IMAGE_TYPES.join(',')}
          multiple
          resetRef={reset}
          disabled={full || busy}
          inputProps={{ 'aria-label': 'Add photos' }}
        >
          {(props) => (
            <Button {...props} variant="default" leftSection={<IconPhoto size={16} />} loading={busy} disabled={full}>
              Add photos
            </Button>
          )}
        </FileButton>
      </Group>
      {full && (
        <Text size="xs" c="dimmed" mt={4}>
          A claim keeps at most {MAX_CLAIM_PHOTOS} photos.
        </Text>
      )}
    </Input.Wrapper>
  );
}
