import type { ImportDocument } from '@atelier/contracts';
import { Alert, Anchor, Card, Group, Loader, Stack, Text } from '@mantine/core';
import { ScrollTable } from '../../../components/scroll-table';
import { useImportImages } from '../api';
import { StepCard } from './step-card';

const count = (n: number, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/**
 * The images an import's rows gave by web address: fetched after the import, one by one; how
 * many are added, waiting, or failed (each failure with its row and reason). A failed image never
 * undoes the import.
 */
export function ImagesStep({ doc }: { doc: ImportDocument }) {
  const failures = useImportImages(doc);
  const images = doc.images;
  if (!images) return null;
  return (
    <StepCard title="Images" aside={images.pending > 0 ? <Loader size="sm" aria-label="Fetching images" /> : undefined}>
      <Text size="sm">
        {count(images.done, 'image added', 'images added')}
        {images.pending > 0 && `, ${count(images.pending, 'waiting', 'waiting')} to be fetched`}
        {images.failed > 0 && `, ${count(images.failed, 'failed', 'failed')}`}. Images are fetched from their web
        addresses after the import; one that fails leaves the rest of the import as it is.
      </Text>
      {images.failed > 0 && (
        <Stack gap="xs">
          {failures.isError && (
            <Alert color="red" title="The failed images could not be loaded">
              {failures.error.message}
            </Alert>
          )}
          {failures.data && (
            <Card withBorder padding={0}>
              <ScrollTable
                head={['Row', 'Address', 'Why']}
                rows={failures.data.items.map((f, i) => ({
                  key: `${i}`,
                  cells: [
                    f.row,
                    <Anchor
                      key="url"
                      href={f.url}
                      target="_blank"
                      rel="noopener noreferrer"
                      size="sm"
                      style={{ wordBreak: 'break-all' }}
                    >
                      {f.url}
                    </Anchor>,
                    f.message,
                  ],
                }))}
              />
            </Card>
          )}
          <Group>
            <Text size="xs" c="dimmed">
              Fix an address in the file and import it again: the images already added are not fetched twice.
            </Text>
          </Group>
        </Stack>
      )}
    </StepCard>
  );
}
