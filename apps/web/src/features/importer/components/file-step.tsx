import { IMPORT_KIND_INFO, IMPORT_MAPPABLE, type ImportDocument } from '@atelier/contracts';
import { Anchor, Group, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { formatBytes } from '../../../lib/format';
import { showSubmitError } from '../../../lib/forms';
import { useCan } from '../../../lib/permissions';
import { toastSuccess } from '../../../lib/toast';
import { useSaveMapping } from '../api';
import { StepCard } from './step-card';

const FORMATS: Record<ImportDocument['file']['format'], string> = { csv: 'CSV', xlsx: 'Excel workbook' };

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2} style={{ minWidth: 0 }}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      {children}
    </Stack>
  );
}

/**
 * The sheet of a workbook the rows are read from. Another sheet has other columns, so the mapping
 * sent with it is empty: the one shown names the columns of the sheet being left.
 */
function SheetSelect({ doc, editable }: { doc: ImportDocument; editable: boolean }) {
  const save = useSaveMapping(doc._id);
  return (
    <Select
      label="Sheet"
      data={doc.sheets}
      value={doc.sheet ?? doc.sheets[0] ?? null}
      onChange={(sheet) => {
        if (!sheet || sheet === doc.sheet) return;
        save
          .mutateAsync({ version: doc.version, mapping: {}, options: doc.options, sheet, remember: false })
          .then(() => toastSuccess(`Reading the sheet “${sheet}”.`), showSubmitError);
      }}
      disabled={!editable || save.isPending}
      allowDeselect={false}
      maw={320}
    />
  );
}

/** Step 1: the file as it was uploaded, kept with the import as the record of what came in. */
export function FileStep({ doc }: { doc: ImportDocument }) {
  const { can } = useCan();
  const editable = can(IMPORT_KIND_INFO[doc.kind].code) && IMPORT_MAPPABLE.includes(doc.status);
  const { file } = doc;
  return (
    <StepCard step={1} title="File">
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
        <Fact label="Name">
          <Anchor href={file.url} download={file.name} size="sm" style={{ overflowWrap: 'anywhere' }}>
            <Group gap={4} wrap="nowrap" component="span">
              <IconDownload size={16} aria-hidden style={{ flexShrink: 0 }} />
              {file.name}
            </Group>
          </Anchor>
        </Fact>
        <Fact label="Size">
          <Text size="sm">{formatBytes(file.size)}</Text>
        </Fact>
        <Fact label="Format">
          <Text size="sm">{FORMATS[file.format]}</Text>
        </Fact>
      </SimpleGrid>
      <Fact label="SHA-256">
        <Text size="xs" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
          {file.sha256}
        </Text>
      </Fact>
      {file.format === 'xlsx' && doc.sheets.length > 0 && <SheetSelect doc={doc} editable={editable} />}
    </StepCard>
  );
}
