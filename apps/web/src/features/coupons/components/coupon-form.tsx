import { type Coupon, type CouponInput, couponInputSchema, type ListPage } from '@atelier/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Checkbox,
  Modal,
  MultiSelect,
  NumberInput,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { DialogActions } from '../../../components/dialog-actions';
import { MoneyInput } from '../../../components/form/fields';
import { api } from '../../../lib/api';
import { showSubmitError } from '../../../lib/forms';
import { toastSuccess } from '../../../lib/toast';
import { useCategories } from '../../categories/api';
import { useSaveCoupon } from '../api';

type Values = {
  code: string;
  description: string;
  kind: 'percent' | 'amount';
  percent: number | null;
  amountCents: number | null;
  startsOn: string | null;
  endsOn: string | null;
  usageLimit: number | null;
  perCustomerLimit: number | null;
  minimumCents: number;
  products: string[];
  categories: string[];
  active: boolean;
};

/** Products chosen by searching them (a catalog may be long), the chosen ones kept by name. */
function ProductsField({
  value,
  onChange,
  known,
}: {
  value: string[];
  onChange: (ids: string[]) => void;
  known: { _id: string; name: string }[];
}) {
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search, 250);
  const found = useQuery({
    queryKey: ['coupon-products', q],
    queryFn: () =>
      api<ListPage<{ _id: string; name: string }>>('GET', '/products', undefined, { q: q || undefined, limit: 20 }),
  });
  const names = new Map(known.map((p) => [p._id, p.name]));
  for (const p of found.data?.items ?? []) names.set(p._id, p.name);
  return (
    <MultiSelect
      label="Only these products"
      description="With no product or category chosen, it covers everything"
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options }) => options}
      data={[...names].map(([v, l]) => ({ value: v, label: l }))}
      value={value}
      onChange={onChange}
      nothingFoundMessage={found.isFetching ? 'Searching…' : 'No product found'}
    />
  );
}

const nullableNumber = (v: number | string) => (typeof v === 'number' ? v : null);

/** A coupon's rules, in a dialog: new, or an existing one on its version. */
export function CouponModal({ coupon, onClose }: { coupon?: Coupon; onClose: () => void }) {
  const save = useSaveCoupon(coupon?._id);
  const tree = useCategories();
  const form = useForm<Values>({
    resolver: zodResolver(couponInputSchema) as never,
    defaultValues: {
      code: coupon?.code ?? '',
      description: coupon?.description ?? '',
      kind: coupon?.kind ?? 'percent',
      percent: coupon?.percent ?? null,
      amountCents: coupon?.amountCents ?? null,
      startsOn: coupon?.startsOn ?? null,
      endsOn: coupon?.endsOn ?? null,
      usageLimit: coupon?.usageLimit ?? null,
      perCustomerLimit: coupon?.perCustomerLimit ?? null,
      minimumCents: coupon?.minimumCents ?? 0,
      products: coupon?.products.map((p) => p._id) ?? [],
      categories: coupon?.categories.map((c) => c._id) ?? [],
      active: coupon?.active ?? true,
    },
  });
  const kind = useWatch({ control: form.control, name: 'kind' });
  const e = form.formState.errors;
  const submit = form.handleSubmit(async (values) => {
    try {
      await save.mutateAsync({ ...(values as CouponInput), ...(coupon ? { version: coupon.version } : {}) });
      toastSuccess(coupon ? `${values.code} saved.` : `${values.code} created.`);
      onClose();
    } catch (error) {
      showSubmitError(error, form.setError);
    }
  });
  const number = (name: 'usageLimit' | 'perCustomerLimit', label: string) => (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => (
        <NumberInput
          label={label}
          description="Empty: no limit"
          min={1}
          value={field.value ?? ''}
          onChange={(v) => field.onChange(nullableNumber(v))}
          error={e[name]?.message}
        />
      )}
    />
  );
  const day = (name: 'startsOn' | 'endsOn', label: string) => (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => (
        <TextInput
          type="date"
          label={label}
          value={field.value ?? ''}
          onChange={(ev) => field.onChange(ev.currentTarget.value || null)}
          error={e[name]?.message}
        />
      )}
    />
  );
  return (
    <Modal opened onClose={onClose} title={coupon ? `Coupon ${coupon.code}` : 'New coupon'} size="lg">
      <form onSubmit={submit} noValidate>
        <Stack>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="Code" {...form.register('code')} error={e.code?.message} />
            <TextInput label="Description" {...form.register('description')} error={e.description?.message} />
          </SimpleGrid>
          <Controller
            control={form.control}
            name="kind"
            render={({ field }) => (
              <SegmentedControl
                aria-label="What it takes off"
                data={[
                  { value: 'percent', label: 'A percentage' },
                  { value: 'amount', label: 'An amount' },
                ]}
                value={field.value}
                onChange={field.onChange}
                w="fit-content"
              />
            )}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {kind === 'percent' ? (
              <Controller
                control={form.control}
                name="percent"
                render={({ field }) => (
                  <NumberInput
                    label="Percentage off"
                    suffix="%"
                    decimalScale={2}
                    min={0}
                    max={100}
                    value={field.value ?? ''}
                    onChange={(v) => field.onChange(nullableNumber(v))}
                    error={e.percent?.message}
                  />
                )}
              />
            ) : (
              <Controller
                control={form.control}
                name="amountCents"
                render={({ field }) => (
                  <MoneyInput
                    label="Amount off"
                    cents={field.value ?? undefined}
                    onChange={(c) => field.onChange(c ?? null)}
                    error={e.amountCents?.message}
                  />
                )}
              />
            )}
            <Controller
              control={form.control}
              name="minimumCents"
              render={({ field }) => (
                <MoneyInput
                  label="Minimum order"
                  cents={field.value}
                  onChange={(c) => field.onChange(c ?? 0)}
                  error={e.minimumCents?.message}
                />
              )}
            />
            {day('startsOn', 'Starts on')}
            {day('endsOn', 'Ends on (included)')}
            {number('usageLimit', 'Uses in all')}
            {number('perCustomerLimit', 'Uses per customer')}
          </SimpleGrid>
          <Controller
            control={form.control}
            name="categories"
            render={({ field }) => (
              <MultiSelect
                label="Only these categories"
                description="A category takes in everything under it"
                searchable
                data={(tree.data ?? []).map((c) => ({ value: c._id, label: c.path }))}
                value={field.value}
                onChange={field.onChange}
                error={e.categories?.message}
              />
            )}
          />
          <Controller
            control={form.control}
            name="products"
            render={({ field }) => (
              <ProductsField value={field.value} onChange={field.onChange} known={coupon?.products ?? []} />
            )}
          />
          <Checkbox label="Turned on" {...form.register('active')} />
          {coupon && coupon.timesUsed > 0 && (
            <Text size="sm" c="dimmed">
              Used {coupon.timesUsed} time{coupon.timesUsed === 1 ? '' : 's'} so far.
            </Text>
          )}
          <DialogActions
            onCancel={onClose}
            confirm={coupon ? 'Save' : 'Create coupon'}
            loading={form.formState.isSubmitting}
          />
        </Stack>
      </form>
    </Modal>
  );
}
