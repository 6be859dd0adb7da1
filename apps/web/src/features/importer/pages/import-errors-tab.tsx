import type { ImportDocument } from '@atelier/contracts';
import { Alert, Button, Card, Center, Group, Loader, Stack, Text } from '@mantine/core';
import { useRecord } from '../../../components/record/record-outlet';
import { ScrollTable } from '../../../components/scroll-table';
import { useImportErrors } from '../api';
import { ErrorsCsvLink } from '../components/error-links';

/** /p/importer/{segment}/{id}/errors: every problem the check found, by row, page by page. */
export default function ImportErrorsTab() {
  const { record } = useRecord<ImportDocument>();
  const errors = useImportErrors(record._id);
  if (errors.isPending)
    return (
      <Center py="xl">
        <Loader aria-label="Loading" />
      </Center>
    );
  if (errors.isError)
    return (
      <Alert color="red" title="The errors could not be loaded">
        {errors.error.message}
      </Alert>
    );
  const items = errors.data.pages.flatMap((page) => page.items);
  const total = errors.data.pages[0]?.total ?? items.length;
  if (items.length === 0) return <Text c="dimmed">No errors.</Text>;
  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="wrap">
        <Text size="sm">
          {total.toLocaleString('en-US')} {total === 1 ? 'error' : 'errors'}; the row is its line in the file.
        </Text>
        <ErrorsCsvLink id={record._id} />
      </Group>
      <Card withBorder padding={0}>
        <ScrollTable
          head={['Row', 'Column', 'Value', 'Message']}
          rows={items.map((e, i) => ({
            key: `${i}`,
            cells: [
              e.row.toLocaleString('en-US'),
              e.column,
              <Text key="value" size="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
                {e.value}
              </Text>,
              e.message,
            ],
          }))}
        />
      </Card>
      {errors.hasNextPage && (
        <Group justify="center">
          <Button variant="default" onClick={() => errors.fetchNextPage()} loading={errors.isFetchingNextPage}>
            Load more
          </Button>
        </Group>
      )}
    </Stack>
  );
}
