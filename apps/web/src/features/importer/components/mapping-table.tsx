import type { ImportField } from '@atelier/contracts';
import { Select, Stack, Text } from '@mantine/core';
import { ScrollTable } from '../../../components/scroll-table';
import { chooseField, fieldsByColumn, headingName, type Mapping } from '../mapping';

// Select values are strings: this one is "no field".
const SKIP = '-';

/** Up to three of a column's values from the file's first rows, blanks left out. */
const samplesOf = (sample: readonly (readonly string[])[], column: number) =>
  sample
    .map((row) => row[column] ?? '')
    .filter((value) => value.trim() !== '')
    .slice(0, 3);

/**
 * The mapping step's table: one row per heading of the file, with a few of its values and the
 * field it fills. The mapping is kept field → column, so each row's choice is read from it, and
 * a field already chosen for another heading moves to this one (a field fills from one column).
 */
export function MappingTable(props: {
  fields: readonly ImportField[];
  headings: readonly string[];
  sample: readonly (readonly string[])[];
  mapping: Mapping;
  /** Absent while the mapping cannot change (an import under way or finished). */
  onChange?: (mapping: Mapping) => void;
}) {
  const { fields, headings, mapping, onChange } = props;
  const chosen = fieldsByColumn(mapping, fields, headings.length);
  const columnOf = new Map(chosen.flatMap((field, column) => (field ? [[field, column] as const] : [])));
  return (
    <ScrollTable
      // The field beside its heading, the samples after: on a phone the choice is in view and the
      // samples scroll in.
      minWidth={560}
      head={['Column in the file', 'Imports as', 'Sample values']}
      rows={headings.map((_, column) => {
        const name = headingName(headings, column);
        const samples = samplesOf(props.sample, column);
        // What the dropdown says under a field: that it is required, or which heading has it now.
        const notes = new Map(
          fields.map((f) => {
            const at = columnOf.get(f.key);
            const taken = at !== undefined && at !== column ? `Now from “${headingName(headings, at)}”` : '';
            return [f.key, [f.required ? 'Required' : '', taken].filter(Boolean).join(' · ')];
          }),
        );
        return {
          key: String(column),
          cells: [
            <Text key="heading" size="sm" fw={500} maw={140} style={{ overflowWrap: 'anywhere' }}>
              {name}
            </Text>,
            <Select
              key="field"
              aria-label={`Field for the column “${name}”`}
              data={[{ value: SKIP, label: 'Don’t import' }, ...fields.map((f) => ({ value: f.key, label: f.label }))]}
              value={chosen[column] ?? SKIP}
              onChange={(value) => onChange?.(chooseField(mapping, column, !value || value === SKIP ? null : value))}
              renderOption={({ option }) => (
                <div>
                  <Text size="sm">{option.label}</Text>
                  {notes.get(option.value) && (
                    <Text size="xs" c="dimmed">
                      {notes.get(option.value)}
                    </Text>
                  )}
                </div>
              )}
              disabled={!onChange}
              allowDeselect={false}
              maxDropdownHeight={320}
              miw={180}
            />,
            samples.length ? (
              <Stack key="samples" gap={0}>
                {samples.map((value, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: the samples are in the file's row order
                  <Text key={i} size="xs" c="dimmed" lineClamp={1} style={{ overflowWrap: 'anywhere' }}>
                    {value}
                  </Text>
                ))}
              </Stack>
            ) : (
              <Text key="samples" size="xs" c="dimmed">
                Empty in the first rows
              </Text>
            ),
          ],
        };
      })}
    />
  );
}
