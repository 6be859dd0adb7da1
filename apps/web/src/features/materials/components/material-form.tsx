import { type Material, type MaterialInput, SELL_UNIT_LABELS } from '@atelier/contracts';
import { Textarea } from '@mantine/core';
import { RecordForm } from '../../../components/form/record-form';
import type { RecordFormProps } from '../../../components/record/record-pages';
import { useSettings } from '../../settings/api';

/** A material's fields, for the new page and the info tab. */
export function MaterialForm(props: RecordFormProps<Material, MaterialInput>) {
  const prefix = useSettings().data?.productSettings.skuPrefix ?? '';
  return (
    <RecordForm
      {...props}
      defaults={{ unit: 'sheet', costCents: 0 }}
      fields={[
        { name: 'name', label: 'Name' },
        {
          name: 'sku',
          label: 'SKU',
          description: props.record ? undefined : `Leave empty to number it (${prefix}1001…)`,
        },
        { name: 'unit', label: 'Stocked by', type: 'select', choices: SELL_UNIT_LABELS },
        { name: 'costCents', label: 'Cost', type: 'money', decimals: 4, description: 'What one unit costs the firm' },
      ]}
    >
      {(form) => (
        <Textarea
          label="Description"
          autosize
          minRows={2}
          {...form.register('description')}
          error={form.formState.errors.description?.message}
        />
      )}
    </RecordForm>
  );
}
