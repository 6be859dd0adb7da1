import { IMAGE_TYPES, MAX_SECTION_IMAGES, type StoredFile } from '@atelier/contracts';
import { ActionIcon, Box, Button, FileButton, Group, Image, Input, SimpleGrid, Stack, Text } from '@mantine/core';
import { useId } from '@mantine/hooks';
import { IconArrowLeft, IconArrowRight, IconTrash, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { showSubmitError } from '../../../lib/forms';
import { toastError } from '../../../lib/toast';
import { uploadImage } from '../../../lib/upload';

/** Where the form finds the pictures it shows: the saved ones' addresses, and those uploaded since. */
export type ImageUrls = { urls: Record<string, string>; onUploaded: (file: StoredFile) => void };

const HINT = 'PNG, JPEG, WebP or GIF, up to 5 MB each.';

/** Uploads the files one by one (each with the progress bar); hands back those that went up. */
async function uploadAll(files: File[], onUploaded: (file: StoredFile) => void): Promise<string[]> {
  const ids: string[] = [];
  for (const file of files) {
    try {
      const stored = await uploadImage(file);
      onUploaded(stored);
      ids.push(stored._id);
    } catch (error) {
      showSubmitError(error);
    }
  }
  return ids;
}

function Picture({ id, urls, alt, height }: { id: string; urls: Record<string, string>; alt: string; height: number }) {
  const url = urls[id];
  if (!url)
    return (
      <Text size="xs" c="dimmed" h={height}>
        The picture is shown once the proposal is saved.
      </Text>
    );
  return <Image src={url} alt={alt} h={height} fit="contain" radius="sm" bg="var(--mantine-color-default-hover)" />;
}

/** The proposal's cover picture: uploaded, replaced or taken off. */
export function CoverImageInput({
  value,
  onChange,
  urls,
  onUploaded,
  error,
}: ImageUrls & { value: string | null; onChange: (id: string | null) => void; error?: string }) {
  const [busy, setBusy] = useState(false);
  const id = useId();
  return (
    <Input.Wrapper
      label="Cover image"
      description="The first thing the client sees."
      error={error}
      labelElement="div"
      labelProps={{ id }}
    >
      <Stack gap="xs" mt={4} role="group" aria-labelledby={id}>
        {value && <Picture id={value} urls={urls} alt="The cover image" height={160} />}
        <Group gap="xs">
          <FileButton
            accept={IMAGE_TYPES.join(',')}
            onChange={async (file) => {
              if (!file) return;
              setBusy(true);
              const [uploaded] = await uploadAll([file], onUploaded);
              setBusy(false);
              if (uploaded) onChange(uploaded);
            }}
          >
            {(props) => (
              <Button {...props} variant="default" size="xs" leftSection={<IconUpload size={14} />} loading={busy}>
                {value ? 'Replace the cover image' : 'Upload a cover image'}
              </Button>
            )}
          </FileButton>
          {value && (
            <Button variant="subtle" color="red" size="xs" onClick={() => onChange(null)}>
              Remove the cover image
            </Button>
          )}
        </Group>
        <Text size="xs" c="dimmed">
          {HINT}
        </Text>
      </Stack>
    </Input.Wrapper>
  );
}

/** A section's pictures, in the order the client sees them: uploaded several at once, moved, taken off. */
export function SectionImages({
  section,
  value,
  onChange,
  onAdd,
  urls,
  onUploaded,
  error,
}: ImageUrls & {
  section: string;
  value: string[];
  onChange: (ids: string[]) => void;
  /** Uploaded images, added after those the section has by then. */
  onAdd: (ids: string[]) => void;
  error?: string;
}) {
  const [busy, setBusy] = useState(false);
  const id = useId();
  const full = value.length >= MAX_SECTION_IMAGES;
  const move = (from: number, to: number) => {
    const next = [...value];
    const [moved] = next.splice(from, 1);
    next.splice(to, 0, moved!);
    onChange(next);
  };
  return (
    <Input.Wrapper label="Images" error={error} labelElement="div" labelProps={{ id }}>
      <Stack gap="xs" mt={4} role="group" aria-labelledby={id}>
        {value.length > 0 && (
          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs">
            {value.map((image, i) => (
              <Box key={image}>
                <Picture id={image} urls={urls} alt={`${section}: image ${i + 1}`} height={96} />
                <Group gap={2} justify="center" mt={4}>
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    aria-label={`Move image ${i + 1} of ${section} earlier`}
                    disabled={i === 0}
                    onClick={() => move(i, i - 1)}
                  >
                    <IconArrowLeft size={16} />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    aria-label={`Move image ${i + 1} of ${section} later`}
                    disabled={i === value.length - 1}
                    onClick={() => move(i, i + 1)}
                  >
                    <IconArrowRight size={16} />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={`Remove image ${i + 1} of ${section}`}
                    onClick={() => onChange(value.filter((v) => v !== image))}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Group>
              </Box>
            ))}
          </SimpleGrid>
        )}
        <Group gap="xs">
          <FileButton
            accept={IMAGE_TYPES.join(',')}
            multiple
            disabled={full}
            onChange={async (files) => {
              const room = MAX_SECTION_IMAGES - value.length;
              if (!files.length || room <= 0) return;
              if (files.length > room)
                toastError(`Only the first ${room} fit: a section shows at most ${MAX_SECTION_IMAGES} images.`);
              setBusy(true);
              const uploaded = await uploadAll(files.slice(0, room), onUploaded);
              setBusy(false);
              onAdd(uploaded);
            }}
          >
            {(props) => (
              <Button
                {...props}
                variant="default"
                size="xs"
                leftSection={<IconUpload size={14} />}
                loading={busy}
                disabled={full}
              >
                Add images
              </Button>
            )}
          </FileButton>
          <Text size="xs" c="dimmed">
            {full ? `A section shows at most ${MAX_SECTION_IMAGES} images.` : HINT}
          </Text>
        </Group>
      </Stack>
    </Input.Wrapper>
  );
}
