import { IMPORT_FINISHED, type ImportDocument, type ImportInput, P } from '@atelier/contracts';
import { Stack, Text } from '@mantine/core';
import { RecordForm } from '../../../components/form/record-form';
import { useCan } from '../../../lib/permissions';
import { toastSuccess } from '../../../lib/toast';
import { imports } from '../api';
import { StepCard } from './step-card';

/** The import's name and notes as text, for those who may not change a finished import's. */
function ReadOnly({ doc }: { doc: ImportDocument }) {
  return (
    <Stack gap="xs">
      <Text size="sm">{doc.name}</Text>
      <Text size="sm" c={doc.notes ? undefined : 'dimmed'} style={{ whiteSpace: 'pre-wrap' }}>
        {doc.notes || 'No notes.'}
      </Text>
    </Stack>
  );
}

/**
 * The document's own words, saved on the version it was opened on. A finished import is the
 * record of what came in: changing its words needs code 49.
 */
export function NameNotesStep({ doc }: { doc: ImportDocument }) {
  const { can } = useCan();
  const update = imports.useUpdate(doc._id);
  const reload = imports.useReload();
  const editable = !IMPORT_FINISHED.includes(doc.status) || can(P.CHANGE_IMPORTS);
  return (
    <StepCard title="Name and notes">
      {editable ? (
        <RecordForm<ImportDocument, ImportInput>
          resource={imports}
          record={doc}
          submitLabel="Save"
          fields={[{ name: 'name', label: 'Name' }]}
          onSubmit={async (values) => {
            await update.mutateAsync({ ...values, version: doc.version });
            toastSuccess(`${values.name} saved.`);
          }}
          reload={() => reload(doc._id)}
        />
      ) : (
        <ReadOnly doc={doc} />
      )}
    </StepCard>
  );
}
