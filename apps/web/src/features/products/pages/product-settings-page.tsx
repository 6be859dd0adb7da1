import { P, SELL_UNIT_LABELS, SETTINGS_GROUPS, type SellUnit, type SettingsValues } from '@atelier/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Card, Group, Loader, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import {
  fromRows,
  LabelListField,
  labelRows,
  setServerErrors,
  toRows,
} from '../../../components/form/label-list-field';
import { showSubmitError } from '../../../lib/forms';
import { useCan } from '../../../lib/permissions';
import { toastSuccess } from '../../../lib/toast';
import { useSaveSettings, useSettings } from '../../settings/api';
import { InventoryPolicyCard } from '../../stock/components/inventory-policy-card';

const contract = SETTINGS_GROUPS.productSettings.schema.shape;
const formSchema = z.object({
  skuPrefix: contract.skuPrefix,
  defaultUnit: contract.defaultUnit,
  taxClasses: labelRows(contract.taxClasses.element, 'tax class').min(1, 'Keep at least one tax class.'),
});
type FormValues = z.infer<typeof formSchema>;

function ProductSettingsForm({ current }: { current: SettingsValues<'productSettings'> }) {
  const save = useSaveSettings('productSettings');
  const form = useForm<FormValues>({
    resolver: zodResolver(formSchema) as never,
    // The reorder point joins the page with low stock (the inventory module).
    values: { skuPrefix: current.skuPrefix, defaultUnit: current.defaultUnit, taxClasses: toRows(current.taxClasses) },
  });
  const errors = form.formState.errors;
  const submit = form.handleSubmit(async (values) => {
    try {
      await save.mutateAsync({ ...values, taxClasses: fromRows(values.taxClasses) });
      toastSuccess('Product settings saved.');
    } catch (error) {
      showSubmitError(error, form.setError);
      setServerErrors(form.setError, error, ['taxClasses']);
    }
  });
  return (
    <Card withBorder padding="lg" maw={640}>
      <form onSubmit={submit} noValidate>
        <Stack>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label="SKU prefix"
              description="A product saved without a SKU is numbered after it: SKU-1001"
              {...form.register('skuPrefix')}
              error={errors.skuPrefix?.message}
            />
            <Controller
              control={form.control}
              name="defaultUnit"
              render={({ field }) => (
                <Select
                  label="New products are sold by"
                  data={Object.entries(SELL_UNIT_LABELS).map(([value, label]) => ({ value, label }))}
                  value={field.value}
                  onChange={(v) => field.onChange((v ?? 'each') as SellUnit)}
                  allowDeselect={false}
                  error={errors.defaultUnit?.message}
                />
              )}
            />
          </SimpleGrid>
          <LabelListField
            form={form}
            name="taxClasses"
            label="Tax classes"
            description="What a product is taxed as; the first is a new product's. Rates per place come with orders."
            noun="tax class"
          />
          <Group justify="flex-end">
            <Button type="submit" loading={form.formState.isSubmitting}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

/** /s/product: the product settings group (3), the layout's first tab. */
export default function ProductSettingsPage() {
  const settings = useSettings();
  const { can } = useCan();
  if (settings.isPending) return <Loader />;
  if (settings.error) return <Text c="red">{settings.error.message}</Text>;
  return (
    <Stack>
      <ProductSettingsForm current={settings.data.productSettings} />
      {can(P.INVENTORY_POLICIES) && <InventoryPolicyCard current={settings.data.inventorySettings} />}
    </Stack>
  );
}
