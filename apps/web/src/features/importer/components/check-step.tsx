import type { ImportDocument } from '@atelier/contracts';
import { Alert, Group, Loader, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { Counts } from './counts';
import { ErrorLinks } from './error-links';
import { StepCard } from './step-card';

/** Why there is no result of a check yet, by the import's status. */
const UNCHECKED: Partial<Record<ImportDocument['status'], string>> = {
  uploaded: 'Not checked yet. Checking reads every row of the file; nothing is imported until you say so.',
  failed: 'The file could not be checked: the reason is under Import.',
  cancelled: 'Cancelled before the check finished.',
};

/** Step 3: the dry run, which reads every row as the import would and changes nothing. */
export function CheckStep({ doc }: { doc: ImportDocument }) {
  const { checked, errorCount } = doc;
  return (
    <StepCard step={3} title="Check">
      {doc.status === 'checking' ? (
        <Group gap="sm" wrap="nowrap">
          <Loader size="sm" aria-hidden />
          <Text size="sm">Checking every row. The progress bar at the foot of the page shows how far it has got.</Text>
        </Group>
      ) : checked ? (
        <Stack gap="sm">
          <Counts
            items={[
              { label: 'Rows', value: checked.rows },
              { label: 'Would create', value: checked.created },
              { label: 'Would update', value: checked.updated },
              {
                label: errorCount === 1 ? 'Error' : 'Errors',
                value: errorCount,
                color: errorCount ? 'red' : undefined,
              },
            ]}
          />
          {errorCount > 0 && (
            <Alert
              color="red"
              icon={<IconAlertCircle size={18} />}
              title="Nothing can be imported until these are fixed"
            >
              <Stack gap="xs">
                <Text size="sm">
                  Correct the rows in the file and upload it again, or change the mapping above and check again.
                </Text>
                <ErrorLinks doc={doc} />
              </Stack>
            </Alert>
          )}
        </Stack>
      ) : (
        <Text size="sm" c="dimmed">
          {/* A cancelled check says so ("The check was cancelled."). */}
          {doc.status === 'uploaded' && doc.message ? `${doc.message} ` : ''}
          {UNCHECKED[doc.status] ?? UNCHECKED.uploaded}
        </Text>
      )}
    </StepCard>
  );
}
