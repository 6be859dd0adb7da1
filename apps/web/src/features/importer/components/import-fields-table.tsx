import type { ImportField, ImportFieldType } from '@atelier/contracts';
import { Text } from '@mantine/core';
import { ScrollTable } from '../../../components/scroll-table';

/** How a field's cells are read, in a person's words (the contract's `ImportFieldType`). */
const TYPE_HINTS: Record<ImportFieldType, string> = {
  text: 'Text.',
  money: 'An amount in dollars, like 1,234.50.',
  cost: 'An amount in dollars, up to four decimals.',
  measure: 'A number, up to four decimals.',
  choice: 'One of its choices, by name.',
  path: 'A category path, like Cabinets > Base.',
  list: 'Several values, split by commas or semicolons.',
  urls: 'Web addresses, split by spaces or semicolons.',
};

/** The columns a file of this kind may have: what to put in a spreadsheet before uploading it. */
export function ImportFieldsTable({ fields }: { fields: readonly ImportField[] }) {
  return (
    <ScrollTable
      // Two columns fit a phone; the words wrap rather than scroll.
      minWidth={320}
      head={['Column', 'What it holds']}
      rows={fields.map((f) => ({
        key: f.key,
        cells: [
          <div key="label">
            <Text size="sm" fw={500}>
              {f.label}
            </Text>
            <Text size="xs" c={f.required ? 'red' : 'dimmed'} fw={f.required ? 600 : undefined}>
              {f.required ? 'Required' : 'Optional'}
            </Text>
          </div>,
          <Text key="hint" size="sm">
            {f.hint ?? TYPE_HINTS[f.type]}
          </Text>,
        ],
      }))}
    />
  );
}
