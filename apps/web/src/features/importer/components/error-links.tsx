import type { ImportDocument } from '@atelier/contracts';
import { Anchor, Group } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { Link } from 'react-router';
import { errorsCsvHref, importHref } from '../api';

/** The download of every error as CSV, to fix the file beside it. */
export function ErrorsCsvLink({ id }: { id: string }) {
  return (
    <Anchor href={errorsCsvHref(id)} download size="sm">
      <Group gap={4} wrap="nowrap" component="span">
        <IconDownload size={16} aria-hidden />
        Download errors (CSV)
      </Group>
    </Anchor>
  );
}

/** Where an import's errors are: its Errors tab, and the CSV of them all. */
export function ErrorLinks({ doc }: { doc: Pick<ImportDocument, '_id' | 'kind' | 'errorCount'> }) {
  return (
    <Group gap="md" wrap="wrap">
      <Anchor component={Link} to={`${importHref(doc)}/errors`} size="sm">
        See the {doc.errorCount === 1 ? 'error' : `${doc.errorCount.toLocaleString('en-US')} errors`}
      </Anchor>
      <ErrorsCsvLink id={doc._id} />
    </Group>
  );
}
