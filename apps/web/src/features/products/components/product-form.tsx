import {
  PRICING_MODE_LABELS,
  PRICING_MODE_UNIT,
  PRODUCT_STATUS_LABELS,
  type Product,
  type ProductInput,
  productInputSchema,
  SELL_UNIT_LABELS,
} from '@atelier/contracts';
import { Alert, Loader, NumberInput, SegmentedControl, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { Controller, type UseFormReturn, useWatch } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import { formValues } from '../../../components/form/fields';
import { RecordForm } from '../../../components/form/record-form';
import { RichTextField } from '../../../components/form/rich-text-field';
import type { RecordFormProps } from '../../../components/record/record-pages';
import { CategorySelect } from '../../categories/components/category-select';
import { ProductCollections } from '../../collections/components/product-collections';
import { FilterValuesSelect } from '../../filters/components/filter-values-select';
import { useSettings } from '../../settings/api';
import { useProductTemplates } from '../templates-api';

export type ProductFormApi = UseFormReturn<ProductInput>;
type Form = ProductFormApi;
export const errorOf = (form: Form, path: string) => {
  let node: unknown = form.formState.errors;
  for (const part of path.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  return (node as { message?: string } | undefined)?.message;
};

/** A decimal measure (inches, pounds, square feet), empty when not given. */
export function Measure({
  form,
  name,
  label,
  suffix,
  empty = null,
}: {
  form: Form;
  name: string;
  label: string;
  suffix?: string;
  /** What an emptied field means: not given, or none (a minimum of 0). */
  empty?: null | 0;
}) {
  return (
    <Controller
      control={form.control}
      name={name as 'width'}
      render={({ field }) => (
        <NumberInput
          label={label}
          suffix={suffix}
          min={0}
          decimalScale={4}
          clampBehavior="none"
          value={typeof field.value === 'number' ? field.value : ''}
          onChange={(v) => field.onChange(typeof v === 'number' ? v : empty)}
          error={errorOf(form, name)}
        />
      )}
    />
  );
}

/** How the price applies: per unit, or by area or length with a minimum and a rounding step. */
export function PricingFields({ form }: { form: Form }) {
  const phone = useMediaQuery('(max-width: 30em)', false, { getInitialValueInEffect: false });
  const mode = useWatch({ control: form.control, name: 'pricing.mode' }) ?? 'unit';
  const unit = useWatch({ control: form.control, name: 'unit' });
  const byFoot = unit === 'sq_ft' || unit === 'linear_ft';
  const per = mode === 'unit' ? null : SELL_UNIT_LABELS[PRICING_MODE_UNIT[mode]].toLowerCase();
  return (
    <Stack gap="sm">
      <Title order={3} size="h5">
        How it is priced
      </Title>
      <Controller
        control={form.control}
        name="pricing.mode"
        render={({ field }) => (
          <Stack gap={4}>
            <Text size="sm" fw={500} id="pricing-mode-label">
              The price applies
            </Text>
            <SegmentedControl
              aria-labelledby="pricing-mode-label"
              data={Object.entries(PRICING_MODE_LABELS).map(([value, label]) => ({ value, label }))}
              value={field.value ?? 'unit'}
              onChange={(v) => {
                field.onChange(v);
                // A dimensional price is per square or linear foot: the unit follows.
                if (v !== 'unit')
                  form.setValue('unit', PRICING_MODE_UNIT[v as 'area' | 'length'], { shouldDirty: true });
              }}
              // Three choices do not fit a phone's width side by side.
              orientation={phone ? 'vertical' : 'horizontal'}
              w={phone ? '100%' : 'fit-content'}
            />
          </Stack>
        )}
      />
      {per && (
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Measure form={form} name="pricing.minimum" label={`Minimum charge (${per})`} empty={0} />
          <Measure form={form} name="pricing.increment" label={`Round up to the next (${per})`} empty={0} />
        </SimpleGrid>
      )}
      {!byFoot && (
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Controller
            control={form.control}
            name="coverage"
            render={({ field }) => (
              <NumberInput
                label={`One ${SELL_UNIT_LABELS[unit ?? 'each'].toLowerCase()} covers`}
                description="For tile by the box, panels by the sheet: orders round up to whole units"
                min={0}
                decimalScale={4}
                clampBehavior="none"
                value={typeof field.value?.amount === 'number' ? field.value.amount : ''}
                onChange={(v) =>
                  field.onChange(typeof v === 'number' ? { amount: v, unit: field.value?.unit ?? 'sq_ft' } : null)
                }
                error={errorOf(form, 'coverage.amount') ?? errorOf(form, 'coverage')}
              />
            )}
          />
          <Controller
            control={form.control}
            name="coverage"
            render={({ field }) => (
              <Select
                label="Covered in"
                data={[
                  { value: 'sq_ft', label: 'Square feet' },
                  { value: 'linear_ft', label: 'Linear feet' },
                ]}
                value={field.value?.unit ?? 'sq_ft'}
                disabled={!field.value}
                onChange={(v) => field.value && field.onChange({ ...field.value, unit: v ?? 'sq_ft' })}
                allowDeselect={false}
              />
            )}
          />
        </SimpleGrid>
      )}
    </Stack>
  );
}

/** A product's fields, for the new page and the details tab. */
export function ProductForm(props: RecordFormProps<Product, ProductInput>) {
  const settings = useSettings().data?.productSettings;
  // "New from template" (/p/products/new?template=…): the template's fields are the defaults.
  const [search] = useSearchParams();
  const templateId = props.record ? null : search.get('template');
  const templates = useProductTemplates();
  const template = templateId ? templates.data?.find((t) => t._id === templateId) : undefined;
  if (templateId && templates.isPending) return <Loader aria-label="Loading the template" />;
  const taxClasses = [...new Set([...(settings?.taxClasses ?? []), ...(props.record ? [props.record.taxClass] : [])])];
  const { priceCents, ...fields } = template?.fields ?? {};
  const defaults: Partial<ProductInput> = {
    status: 'active',
    unit: settings?.defaultUnit ?? 'each',
    taxClass: settings?.taxClasses[0],
    pricing: { mode: 'unit', minimum: 0, increment: 0 },
    costCents: 0,
    ...fields,
    ...(priceCents === null || priceCents === undefined ? {} : { priceCents }),
  };
  return (
    <>
      {templateId && (
        <Alert color={template ? 'blue' : 'yellow'} mb="md">
          {template
            ? `Started from the ${template.name} template${
                template.fields.options.length
                  ? `: its options (${template.fields.options.map((o) => o.name).join(', ')}) come with it, ready for variants`
                  : ''
              }.`
            : 'That template no longer exists: this is a blank product.'}
        </Alert>
      )}
      <ProductFormFields {...props} defaults={defaults} taxClasses={taxClasses} />
    </>
  );
}

function ProductFormFields({
  defaults,
  taxClasses,
  ...props
}: RecordFormProps<Product, ProductInput> & { defaults: Partial<ProductInput>; taxClasses: string[] }) {
  const settings = useSettings().data?.productSettings;
  return (
    <RecordForm
      {...props}
      // The record names its category; the form sends its id.
      values={(record) => ({
        ...formValues<ProductInput>(productInputSchema, record, defaults),
        category: record?.category?._id ?? null,
        filterValues: record?.filterValues.map((v) => v._id) ?? [],
      })}
      fields={[
        { name: 'name', label: 'Name' },
        {
          name: 'sku',
          label: 'SKU',
          description: props.record ? undefined : `Leave empty to number it (${settings?.skuPrefix ?? ''}1001…)`,
        },
        { name: 'status', label: 'Availability', type: 'choice', choices: PRODUCT_STATUS_LABELS },
        {
          name: 'category',
          label: 'Category',
          render: (form, error) => (
            <Controller
              control={form.control}
              name="category"
              render={({ field }) => (
                <CategorySelect value={field.value ?? null} onChange={field.onChange} error={error} />
              )}
            />
          ),
        },
        { name: 'unit', label: 'Sold by', type: 'select', choices: SELL_UNIT_LABELS },
        {
          name: 'taxClass',
          label: 'Tax class',
          type: 'select',
          choices: Object.fromEntries(taxClasses.map((c) => [c, c])),
        },
        { name: 'priceCents', label: 'Price', type: 'money', description: 'Per unit sold, or per foot when measured' },
        {
          name: 'compareAtCents',
          label: 'Compare-at price',
          type: 'money',
          description: 'The “was” price: above the price, the product is on sale',
        },
        { name: 'costCents', label: 'Cost', type: 'money', decimals: 4, description: 'What one unit costs the firm' },
      ]}
    >
      {(form) => (
        <>
          <PricingFields form={form} />
          <Title order={3} size="h5">
            Size and weight
          </Title>
          <SimpleGrid cols={{ base: 2, sm: 4 }}>
            <Measure form={form} name="width" label="Width" suffix=" in" />
            <Measure form={form} name="height" label="Height" suffix=" in" />
            <Measure form={form} name="depth" label="Depth" suffix=" in" />
            <Measure form={form} name="weight" label="Weight" suffix=" lb" />
          </SimpleGrid>
          <Controller
            control={form.control}
            name="filterValues"
            render={({ field }) => (
              <FilterValuesSelect
                value={field.value ?? []}
                onChange={field.onChange}
                error={errorOf(form, 'filterValues')}
                description="The store's facets this product matches; a variant can add its own on the Variants tab"
              />
            )}
          />
          <RichTextField form={form} name="description" label="Description" error={errorOf(form, 'description')} />
          {props.record && <ProductCollections productId={props.record._id} />}
        </>
      )}
    </RecordForm>
  );
}
