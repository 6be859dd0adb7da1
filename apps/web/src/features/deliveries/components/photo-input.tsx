import { MAX_PROOF_PHOTOS } from '@atelier/contracts';
import { ActionIcon, Box, Button, FileButton, Group, Image, Input, Text } from '@mantine/core';
import { IconCamera, IconX } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { downscalePhoto } from '../downscale';

/** A photo taken for a proof, made small and kept in memory until the proof is saved. */
export type PhotoDraft = { key: string; blob: Blob; url: string };

/** Lets the page's object URLs go once their photos are gone. */
export const releasePhotos = (photos: readonly PhotoDraft[]) => {
  for (const p of photos) URL.revokeObjectURL(p.url);
};

/**
 * Photos taken with the phone's camera (a file picker on a computer), each downscaled in the
 * browser before it is kept: the proof goes out over a phone connection.
 */
export function PhotoInput({
  label,
  description,
  value,
  onChange,
  error,
}: {
  label: string;
  description?: string;
  value: PhotoDraft[];
  onChange: (photos: PhotoDraft[]) => void;
  error?: string;
}) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const reset = useRef<() => void>(null);
  const latest = useRef(value);
  latest.current = value;
  useEffect(() => () => releasePhotos(latest.current), []);
  const full = value.length >= MAX_PROOF_PHOTOS;

  const take = async (file: File | null) => {
    reset.current?.();
    if (!file) return;
    setBusy(true);
    setProblem(null);
    try {
      const blob = await downscalePhoto(file);
      onChange([...latest.current, { key: crypto.randomUUID(), blob, url: URL.createObjectURL(blob) }]);
    } catch (e) {
      setProblem((e as Error).message || 'This photo could not be read. Take it again.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Input.Wrapper label={label} labelElement="div" description={description} error={error ?? problem}>
      <Group gap="xs" mt={6}>
        {value.map((photo, i) => (
          <Box key={photo.key} pos="relative">
            <Image src={photo.url} alt={`${label}, photo ${i + 1}`} w={72} h={72} radius="sm" fit="cover" />
            <ActionIcon
              size="sm"
              color="red"
              variant="filled"
              pos="absolute"
              top={2}
              right={2}
              aria-label={`Remove photo ${i + 1}`}
              onClick={() => {
                URL.revokeObjectURL(photo.url);
                onChange(value.filter((p) => p.key !== photo.key));
              }}
            >
              <IconX size={14} />
            </ActionIcon>
          </Box>
        ))}
        <FileButton
          onChange={take}
          accept="image/*"
          capture="environment"
          resetRef={reset}
          disabled={full || busy}
          inputProps={{ 'aria-label': `${label}: take a photo` }}
        >
          {(props) => (
            <Button {...props} variant="default" leftSection={<IconCamera size={16} />} loading={busy} disabled={full}>
              Take a photo
            </Button>
          )}
        </FileButton>
      </Group>
      {full && (
        <Text size="xs" c="dimmed" mt={4}>
          A proof keeps at most {MAX_PROOF_PHOTOS} photos here.
        </Text>
      )}
    </Input.Wrapper>
  );
}
