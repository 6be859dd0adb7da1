import type { ImportDocument } from '@atelier/contracts';
import { Stack } from '@mantine/core';
import { useRecord } from '../../../components/record/record-outlet';
import { useRefreshImported } from '../api';
import { CheckStep } from '../components/check-step';
import { FileStep } from '../components/file-step';
import { ImagesStep } from '../components/images-step';
import { MappingStep, mappingKey } from '../components/mapping-step';
import { NameNotesStep } from '../components/name-notes-step';
import { RunStep } from '../components/run-step';

/** An import's details: its steps in the order the work goes, then its own name and notes. */
export function ImportDetailsTab() {
  const { record: doc } = useRecord<ImportDocument>();
  useRefreshImported(doc);
  return (
    <Stack gap="md">
      <FileStep doc={doc} />
      <MappingStep key={mappingKey(doc)} doc={doc} />
      <CheckStep doc={doc} />
      <RunStep doc={doc} />
      <ImagesStep doc={doc} />
      <NameNotesStep doc={doc} />
    </Stack>
  );
}
