import {
  MAX_OPTIONS,
  type ProductTemplate,
  type ProductTemplateFields,
  productTemplateFieldsSchema,
  SELL_UNIT_LABELS,
} from '@atelier/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  ActionIcon,
  Button,
  Group,
  Modal,
  Select,
  SimpleGrid,
  Stack,
  TagsInput,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { Controller, type Path, useFieldArray, useForm } from 'react-hook-form';
import { z } from 'zod';
import { DialogActions } from '../../../components/dialog-actions';
import { MoneyInput } from '../../../components/form/fields';
import { RichTextField } from '../../../components/form/rich-text-field';
import { ApiError } from '../../../lib/api';
import { showSubmitError } from '../../../lib/forms';
import { toastSuccess } from '../../../lib/toast';
import { CategorySelect } from '../../categories/components/category-select';
import { FilterValuesSelect } from '../../filters/components/filter-values-select';
import { useSettings } from '../../settings/api';
import { useSaveProductTemplate } from '../templates-api';
import { errorOf, Measure, PricingFields, type ProductFormApi } from './product-form';

/** The form holds the template's name beside a product's fields, as the product form lays them out. */
const formSchema = productTemplateFieldsSchema.extend({
  name: z.string().trim().min(1, 'Give the template a name.').max(80, 'Use at most 80 characters.'),
});
type Values = ProductTemplateFields & { name: string };

const EMPTY: Omit<Values, 'name'> = {
  description: '',
  status: 'active',
  coverage: null,
  priceCents: null,
  compareAtCents: null,
  costCents: 0,
  pricing: { mode: 'unit', minimum: 0, increment: 0 },
  width: null,
  height: null,
  depth: null,
  weight: null,
  category: null,
  tags: [],
  filterValues: [],
  options: [],
};

/** A template's fields: what a new product started from it has filled in, its options too. */
export function TemplateModal({ template, onClose }: { template?: ProductTemplate; onClose: () => void }) {
  const settings = useSettings().data?.productSettings;
  const save = useSaveProductTemplate(template?._id);
  const form = useForm<Values>({
    resolver: zodResolver(formSchema) as never,
    defaultValues: template
      ? { ...EMPTY, ...template.fields, name: template.name }
      : { ...EMPTY, name: '', unit: settings?.defaultUnit, taxClass: settings?.taxClasses[0] },
  });
  const options = useFieldArray({ control: form.control, name: 'options' as never });
  // The pricing fields are the product form's own.
  const asProduct = form as unknown as ProductFormApi;
  const error = (path: string) => errorOf(asProduct, path);
  const submit = form.handleSubmit(async ({ name, ...fields }) => {
    try {
      await save.mutateAsync({ name, fields, ...(template ? { version: template.version } : {}) });
      toastSuccess(`${name} saved.`);
      onClose();
    } catch (e) {
      showSubmitError(e);
      // "fields.unit" is the form's "unit".
      if (e instanceof ApiError)
        for (const [path, message] of Object.entries(e.fields))
          form.setError(path.replace(/^fields\./, '') as Path<Values>, { type: 'server', message });
    }
  });
  const taxClasses = [
    ...new Set([...(settings?.taxClasses ?? []), ...(template?.fields.taxClass ? [template.fields.taxClass] : [])]),
  ];
  return (
    <Modal opened onClose={onClose} title={template ? `Edit ${template.name}` : 'New product template'} size="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput label="Template name" {...form.register('name')} error={error('name')} />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Controller
              control={form.control}
              name="unit"
              render={({ field }) => (
                <Select
                  label="Sold by"
                  data={Object.entries(SELL_UNIT_LABELS).map(([value, label]) => ({ value, label }))}
                  value={field.value ?? null}
                  onChange={(v) => field.onChange(v ?? undefined)}
                  error={error('unit')}
                />
              )}
            />
            <Controller
              control={form.control}
              name="taxClass"
              render={({ field }) => (
                <Select
                  label="Tax class"
                  data={taxClasses}
                  value={field.value ?? null}
                  onChange={(v) => field.onChange(v ?? undefined)}
                  error={error('taxClass')}
                />
              )}
            />
            <Controller
              control={form.control}
              name="priceCents"
              render={({ field }) => (
                <MoneyInput
                  label="Price"
                  description="Empty: entered on each product"
                  cents={field.value ?? undefined}
                  onChange={(cents) => field.onChange(cents ?? null)}
                  error={error('priceCents')}
                />
              )}
            />
            <Controller
              control={form.control}
              name="category"
              render={({ field }) => (
                <CategorySelect value={field.value ?? null} onChange={field.onChange} error={error('category')} />
              )}
            />
          </SimpleGrid>
          <PricingFields form={asProduct} />
          <SimpleGrid cols={{ base: 2, sm: 4 }}>
            <Measure form={asProduct} name="width" label="Width" suffix=" in" />
            <Measure form={asProduct} name="height" label="Height" suffix=" in" />
            <Measure form={asProduct} name="depth" label="Depth" suffix=" in" />
            <Measure form={asProduct} name="weight" label="Weight" suffix=" lb" />
          </SimpleGrid>
          <Controller
            control={form.control}
            name="tags"
            render={({ field }) => (
              <TagsInput label="Tags" value={field.value} onChange={field.onChange} error={error('tags')} />
            )}
          />
          <Controller
            control={form.control}
            name="filterValues"
            render={({ field }) => (
              <FilterValuesSelect value={field.value} onChange={field.onChange} error={error('filterValues')} />
            )}
          />
          <RichTextField form={form} name="description" label="Description" error={error('description')} />
          <Title order={3} size="h5">
            Options
          </Title>
          <Text size="sm" c="dimmed">
            What its products come in; each new product gets them, ready for its variants.
          </Text>
          {options.fields.map((option, i) => (
            <Group key={option.id} align="flex-start" wrap="wrap">
              <TextInput
                label="Option"
                {...form.register(`options.${i}.name`)}
                error={error(`options.${i}.name`)}
                w={{ base: '100%', sm: 160 }}
              />
              <Controller
                control={form.control}
                name={`options.${i}.values`}
                render={({ field }) => (
                  <TagsInput
                    label="Values, in order"
                    value={field.value}
                    onChange={field.onChange}
                    error={error(`options.${i}.values`)}
                    style={{ flex: 1, minWidth: 200 }}
                  />
                )}
              />
              <ActionIcon
                variant="subtle"
                color="red"
                mt={28}
                aria-label={`Remove option ${i + 1}`}
                onClick={() => options.remove(i)}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Group>
          ))}
          {error('options') && (
            <Text size="sm" c="red">
              {error('options')}
            </Text>
          )}
          <Group>
            <Button
              variant="default"
              size="xs"
              disabled={options.fields.length >= MAX_OPTIONS}
              onClick={() => options.append({ name: '', values: [] } as never)}
            >
              Add option
            </Button>
          </Group>
          <DialogActions onCancel={onClose} confirm={template ? 'Save' : 'Create template'} loading={save.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}
