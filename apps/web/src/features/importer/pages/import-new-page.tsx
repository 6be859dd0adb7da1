import { IMPORT_KIND_INFO, type ImportKind, importKindOfSegment, KINDS } from '@atelier/contracts';
import { Alert, Anchor, Card, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { BackLink } from '../../../components/back-link';
import { NoAccess } from '../../../components/no-access';
import { PageHeader } from '../../../components/page-header';
import { ApiError } from '../../../lib/api';
import { showSubmitError } from '../../../lib/forms';
import { useCan } from '../../../lib/permissions';
import { importHref, useUploadImport } from '../api';
import { ImportDropzone } from '../components/import-dropzone';
import { ImportFieldsTable } from '../components/import-fields-table';

function NewImport({ kind }: { kind: ImportKind }) {
  const info = IMPORT_KIND_INFO[kind];
  const upload = useUploadImport(kind);
  const navigate = useNavigate();
  const [fileError, setFileError] = useState<string>();
  const send = async (file: File) => {
    setFileError(undefined);
    try {
      const doc = await upload.mutateAsync(file);
      navigate(importHref(doc));
    } catch (error) {
      showSubmitError(error);
      if (error instanceof ApiError) setFileError(error.fields.file);
    }
  };
  return (
    <Stack maw={900} mx="auto" gap="md">
      <BackLink to={KINDS.import.webPath}>{KINDS.import.labelPlural}</BackLink>
      <PageHeader
        title={`Import ${info.plural}`}
        description={`Upload a spreadsheet; you choose which column is which and check every row before anything is imported. Rows are matched to existing ${info.plural} by ${info.matchBy}.`}
      />
      <Card withBorder padding="lg">
        <ImportDropzone onFile={send} loading={upload.isPending} error={fileError} />
      </Card>
      <Card withBorder padding="lg">
        <Stack gap="sm">
          <Title order={2} size="h4">
            Columns the file may have
          </Title>
          <Text size="sm" c="dimmed">
            Headings are recognised by these names and by others people often use; you can change the match before
            checking.
          </Text>
          <ImportFieldsTable fields={info.fields} />
        </Stack>
      </Card>
    </Stack>
  );
}

/**
 * /p/importer/{segment}/new: a file of one kind (products, categories) is uploaded here; the
 * spec's /p/importer/tags is the tags' own.
 */
export function ImportNewPage() {
  const params = useParams();
  const { pathname } = useLocation();
  const segment = params.segment ?? pathname.split('/').filter(Boolean).pop() ?? '';
  const { can } = useCan();
  const kind = importKindOfSegment(segment);
  if (!kind)
    return (
      <Alert color="gray" title="Nothing is imported here" maw={560}>
        There is no import of “{segment}”.{' '}
        <Anchor component={Link} to={KINDS.import.webPath}>
          See what can be imported
        </Anchor>
      </Alert>
    );
  if (!can(IMPORT_KIND_INFO[kind].code)) return <NoAccess />;
  return <NewImport kind={kind} />;
}
