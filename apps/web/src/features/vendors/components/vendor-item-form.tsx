import { type Variant, type VendorItem, type VendorItemInput, vendorItemInputSchema } from '@atelier/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { Checkbox, Modal, NumberInput, SegmentedControl, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { DialogActions } from '../../../components/dialog-actions';
import { MoneyInput } from '../../../components/form/fields';
import { MaterialSelect, ProductSelect } from '../../../components/form/pickers';
import { api } from '../../../lib/api';
import { showSubmitError } from '../../../lib/forms';
import { toastSuccess } from '../../../lib/toast';
import { useSaveVendorItem } from '../api';

type Values = Omit<VendorItemInput, 'costCents'> & { costCents: number };

/** A product's variants, to choose which one the vendor sells. */
function useProductVariants(productId: string | null) {
  return useQuery({
    queryKey: ['vendor-item-variants', productId],
    queryFn: () => api<Variant[]>('GET', `/products/${productId}/variants`),
    enabled: Boolean(productId),
  });
}

/** What a vendor sells: a product (a variant, when it has them) or a material, at its cost, by the pack. */
export function VendorItemModal({
  vendorId,
  item,
  onClose,
}: {
  vendorId: string;
  item?: VendorItem;
  onClose: () => void;
}) {
  const [what, setWhat] = useState<'product' | 'material'>(item?.item.kind === 'material' ? 'material' : 'product');
  const [productId, setProductId] = useState<string | null>(null);
  const save = useSaveVendorItem(item?._id);
  const form = useForm<Values>({
    resolver: zodResolver(vendorItemInputSchema) as never,
    defaultValues: {
      vendor: vendorId,
      product: item?.item.kind === 'product' ? item.item._id : null,
      variant: item?.item.kind === 'variant' ? item.item._id : null,
      material: item?.item.kind === 'material' ? item.item._id : null,
      vendorSku: item?.vendorSku ?? '',
      costCents: item?.costCents ?? 0,
      packSize: item?.packSize ?? 1,
      minimumPacks: item?.minimumPacks ?? 1,
      leadTimeDays: item?.leadTimeDays ?? null,
      preferred: item?.preferred ?? true,
    },
  });
  const variants = useProductVariants(productId);
  const active = (variants.data ?? []).filter((v) => !v.archived);
  const variant = useWatch({ control: form.control, name: 'variant' });
  const errors = form.formState.errors;
  const submit = form.handleSubmit(async (values) => {
    try {
      await save.mutateAsync({ ...values, ...(item ? { version: item.version } : {}) });
      toastSuccess(item ? 'Item saved.' : 'Item added.');
      onClose();
    } catch (error) {
      showSubmitError(error, form.setError);
    }
  });
  return (
    <Modal opened onClose={onClose} title={item ? `${item.item.name}` : 'Add an item this vendor sells'} size="lg">
      <form onSubmit={submit} noValidate>
        <Stack>
          {!item && (
            <>
              <SegmentedControl
                aria-label="What they sell"
                data={[
                  { value: 'product', label: 'A product' },
                  { value: 'material', label: 'A material' },
                ]}
                value={what}
                onChange={(v) => {
                  setWhat(v as 'product' | 'material');
                  form.setValue('product', null);
                  form.setValue('variant', null);
                  form.setValue('material', null);
                }}
              />
              {what === 'product' ? (
                <>
                  <ProductSelect
                    label="Product"
                    value={productId}
                    onChange={(id) => {
                      setProductId(id);
                      form.setValue('product', id);
                      form.setValue('variant', null);
                    }}
                    error={errors.product?.message}
                  />
                  {active.length > 0 && (
                    <Select
                      label="Variant"
                      description="A product with variants is bought by variant"
                      searchable
                      data={active.map((v) => ({ value: v._id, label: `${v.name} (${v.sku})` }))}
                      value={variant ?? null}
                      onChange={(id) => {
                        form.setValue('variant', id);
                        form.setValue('product', id ? null : productId);
                      }}
                      error={errors.variant?.message}
                    />
                  )}
                </>
              ) : (
                <Controller
                  control={form.control}
                  name="material"
                  render={({ field }) => (
                    <MaterialSelect
                      label="Material"
                      value={field.value ?? null}
                      onChange={field.onChange}
                      error={errors.material?.message}
                    />
                  )}
                />
              )}
            </>
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="Their SKU" {...form.register('vendorSku')} error={errors.vendorSku?.message} />
            <Controller
              control={form.control}
              name="costCents"
              render={({ field }) => (
                <MoneyInput
                  label="Cost per unit"
                  decimals={4}
                  cents={field.value}
                  onChange={(c) => field.onChange(c ?? 0)}
                  error={errors.costCents?.message}
                />
              )}
            />
            {(['packSize', 'minimumPacks'] as const).map((name) => (
              <Controller
                key={name}
                control={form.control}
                name={name}
                render={({ field }) => (
                  <NumberInput
                    label={name === 'packSize' ? 'Units in a pack' : 'Fewest packs to order'}
                    min={1}
                    value={field.value as number}
                    onChange={(v) => field.onChange(typeof v === 'number' ? v : 1)}
                    error={errors[name]?.message}
                  />
                )}
              />
            ))}
            <Controller
              control={form.control}
              name="leadTimeDays"
              render={({ field }) => (
                <NumberInput
                  label="Lead time"
                  description="Empty: the vendor's"
                  suffix=" days"
                  min={0}
                  value={typeof field.value === 'number' ? field.value : ''}
                  onChange={(v) => field.onChange(typeof v === 'number' ? v : null)}
                  error={errors.leadTimeDays?.message}
                />
              )}
            />
          </SimpleGrid>
          <Checkbox
            label="Their preferred vendor for it (purchase suggestions go here)"
            {...form.register('preferred')}
          />
          <DialogActions
            onCancel={onClose}
            confirm={item ? 'Save' : 'Add item'}
            loading={form.formState.isSubmitting}
          />
        </Stack>
      </form>
    </Modal>
  );
}
