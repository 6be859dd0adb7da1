import {
  COLLECTION_KIND_LABELS,
  type Collection,
  type CollectionInput,
  collectionInputSchema,
} from '@atelier/contracts';
import { Checkbox, MultiSelect, SimpleGrid, Stack, TagsInput, Text, Textarea, Title } from '@mantine/core';
import { Controller, type UseFormReturn, useWatch } from 'react-hook-form';
import { formValues, MoneyInput } from '../../../components/form/fields';
import { RecordForm } from '../../../components/form/record-form';
import type { RecordFormProps } from '../../../components/record/record-pages';
import { useCategories } from '../../categories/api';
import { useVendorChoices } from '../../vendors/api';

/** The description, and for a rule collection the rules its products meet. */
function RuleFields({ form }: { form: UseFormReturn<CollectionInput> }) {
  const tree = useCategories();
  const vendorList = useVendorChoices();
  const kind = useWatch({ control: form.control, name: 'kind' });
  const e = form.formState.errors.rules as (Record<string, { message?: string }> & { message?: string }) | undefined;
  return (
    <>
      <Textarea label="Description" autosize minRows={2} {...form.register('description')} />
      {kind === 'rules' && (
        <Stack gap="sm">
          <Title order={3} size="h5">
            Rules its products meet (all of them)
          </Title>
          {e?.message && (
            <Text size="sm" c="red">
              {e.message}
            </Text>
          )}
          <Controller
            control={form.control}
            name="rules.tags"
            render={({ field }) => (
              <TagsInput label="Tagged with any of" value={field.value ?? []} onChange={field.onChange} />
            )}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Controller
              control={form.control}
              name="rules.categories"
              render={({ field }) => (
                <MultiSelect
                  label="In any of these categories"
                  searchable
                  data={(tree.data ?? []).map((c) => ({ value: c._id, label: c.path }))}
                  value={field.value ?? []}
                  onChange={field.onChange}
                  error={e?.categories?.message}
                />
              )}
            />
            <Controller
              control={form.control}
              name="rules.vendors"
              render={({ field }) => (
                <MultiSelect
                  label="Sold to us by any of"
                  searchable
                  data={(vendorList.data?.items ?? []).map((v) => ({ value: v._id, label: v.name }))}
                  value={field.value ?? []}
                  onChange={field.onChange}
                  error={e?.vendors?.message}
                />
              )}
            />
            {(['minPriceCents', 'maxPriceCents'] as const).map((name) => (
              <Controller
                key={name}
                control={form.control}
                name={`rules.${name}`}
                render={({ field }) => (
                  <MoneyInput
                    label={name === 'minPriceCents' ? 'Priced at least' : 'Priced at most'}
                    cents={typeof field.value === 'number' ? field.value : undefined}
                    onChange={(c) => field.onChange(c ?? null)}
                    error={e?.[name]?.message}
                  />
                )}
              />
            ))}
          </SimpleGrid>
          <Controller
            control={form.control}
            name="rules.onSale"
            render={({ field }) => (
              <Checkbox
                label="Only products on sale (priced below their compare-at price)"
                checked={field.value ?? false}
                onChange={(e) => field.onChange(e.currentTarget.checked)}
              />
            )}
          />
        </Stack>
      )}
    </>
  );
}

/** A collection's fields: its name and kind, and for a rule collection the rules its products meet. */
export function CollectionForm(props: RecordFormProps<Collection, CollectionInput>) {
  return (
    <RecordForm
      {...props}
      values={(record) => formValues<CollectionInput>(collectionInputSchema, record, { kind: 'manual' })}
      fields={[
        { name: 'name', label: 'Name' },
        { name: 'kind', label: 'Its products are', type: 'choice', choices: COLLECTION_KIND_LABELS },
      ]}
    >
      {(form) => <RuleFields form={form} />}
    </RecordForm>
  );
}
