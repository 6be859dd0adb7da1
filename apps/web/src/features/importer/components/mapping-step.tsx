import {
  IMPORT_BUSY,
  IMPORT_KIND_INFO,
  IMPORT_MAPPABLE,
  IMPORT_MODE_LABELS,
  IMPORT_MODES,
  type ImportDocument,
  type ImportMode,
  type ImportOptions,
  NUMBER_FORMAT_KEYS,
  NUMBER_FORMAT_LABELS,
  type NumberFormatKey,
} from '@atelier/contracts';
import { Button, Checkbox, Group, Radio, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { showSubmitError } from '../../../lib/forms';
import { useCan } from '../../../lib/permissions';
import { toastSuccess } from '../../../lib/toast';
import { useImportStep, useSaveAndCheck } from '../api';
import { completeMapping, type Mapping, unmappedRequired } from '../mapping';
import { MappingTable } from './mapping-table';
import { StepCard } from './step-card';
import { ofAVendor, VendorOption } from './vendor-option';

/**
 * Starts the editor again whenever what it edits changes on the server (a saved mapping, another
 * sheet), and not when only the status or the name does.
 */
export const mappingKey = (doc: ImportDocument) => JSON.stringify([doc.sheet, doc.headings, doc.mapping, doc.options]);

/** What may be done while the check or the import runs: stop it (nothing is imported). */
function CancelButton({ doc }: { doc: ImportDocument }) {
  const step = useImportStep(doc._id);
  return (
    <Button
      variant="light"
      color="red"
      loading={step.isPending}
      onClick={() =>
        step
          .mutateAsync({ step: 'cancel', version: doc.version })
          .then(() => toastSuccess('Stopping: nothing will be imported.'), showSubmitError)
      }
    >
      Cancel
    </Button>
  );
}

function Options(props: {
  options: ImportOptions;
  onChange?: (options: ImportOptions) => void;
  /** A kind that only changes what there is offers no choice of mode. */
  updatesOnly?: boolean;
}) {
  const { options, onChange, updatesOnly } = props;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      {!updatesOnly && (
        <Radio.Group
          label="What to do with the rows"
          value={options.mode}
          onChange={(mode) => onChange?.({ ...options, mode: mode as ImportMode })}
        >
          <Stack gap="xs" mt="xs">
            {IMPORT_MODES.map((mode) => (
              <Radio key={mode} value={mode} label={IMPORT_MODE_LABELS[mode]} disabled={!onChange} />
            ))}
          </Stack>
        </Radio.Group>
      )}
      {/* A list rather than buttons: four side by side do not fit a phone. */}
      <Select
        label="How the file writes numbers"
        data={NUMBER_FORMAT_KEYS.map((key) => ({ value: key, label: NUMBER_FORMAT_LABELS[key] }))}
        value={options.numberFormat}
        onChange={(format) => format && onChange?.({ ...options, numberFormat: format as NumberFormatKey })}
        disabled={!onChange}
        allowDeselect={false}
      />
    </SimpleGrid>
  );
}

/**
 * Step 2: which column fills which field, and how rows are read. Editable until the check or the
 * import starts (and again after a failure), for holders of the kind's import code; then it
 * shows what the import ran with.
 */
export function MappingStep({ doc }: { doc: ImportDocument }) {
  const info = IMPORT_KIND_INFO[doc.kind];
  const { can } = useCan();
  const mayRun = can(info.code);
  const editable = mayRun && IMPORT_MAPPABLE.includes(doc.status);
  const [mapping, setMapping] = useState<Mapping>(doc.mapping);
  const [options, setOptions] = useState<ImportOptions>(doc.options);
  const [remember, setRemember] = useState(false);
  const check = useSaveAndCheck(doc._id);
  const missing = unmappedRequired(mapping, info.fields);
  const needsVendor = ofAVendor(doc.kind);
  const blocked = missing.length > 0 || (needsVendor && options.vendor === null);

  const saveAndCheck = () =>
    check
      .mutateAsync({
        version: doc.version,
        mapping: completeMapping(mapping, info.fields),
        options,
        sheet: doc.sheet ?? undefined,
        remember,
      })
      .then(() => toastSuccess('Checking the file: nothing is imported yet.'), showSubmitError);

  return (
    <StepCard
      step={2}
      title="Map columns"
      aside={mayRun && IMPORT_BUSY.includes(doc.status) && <CancelButton doc={doc} />}
    >
      <Text size="sm" c="dimmed">
        Choose the field each column of the file fills. Rows are matched to existing {info.plural} by {info.matchBy}.
      </Text>
      <MappingTable
        fields={info.fields}
        headings={doc.headings}
        sample={doc.sample}
        mapping={mapping}
        onChange={editable ? setMapping : undefined}
      />
      {missing.length > 0 && (
        <Text size="sm" c="red" role="status">
          Required and not yet chosen for a column: {missing.map((f) => f.label).join(', ')}.
        </Text>
      )}
      {needsVendor && (
        // In the options' columns: a picker the page's width would be mostly empty.
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <VendorOption
            saved={doc.options.vendor}
            value={options.vendor}
            onChange={editable ? (vendor) => setOptions((o) => ({ ...o, vendor })) : undefined}
          />
        </SimpleGrid>
      )}
      <Options options={options} onChange={editable ? setOptions : undefined} updatesOnly={info.updatesOnly} />
      {editable && (
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Checkbox
            label={`Remember this mapping for the next ${info.plural} file`}
            checked={remember}
            onChange={(e) => setRemember(e.currentTarget.checked)}
          />
          <Button onClick={saveAndCheck} loading={check.isPending} disabled={blocked}>
            Save and check file
          </Button>
        </Group>
      )}
    </StepCard>
  );
}
