import {
  FULFILMENT_METHOD_LABELS,
  lineValuesOf,
  type Order,
  type OrderInput,
  type OrderValues,
} from '@atelier/contracts';
import { Alert, Checkbox, Select, SimpleGrid, TextInput } from '@mantine/core';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { DiscountInput } from '../../../components/documents/discount-input';
import { LineEditor } from '../../../components/documents/line-editor';
import { type FieldSpec, Fields } from '../../../components/form/fields';
import { AmbassadorSelect, CustomerSelect, JobSelect } from '../../../components/form/pickers';
import { RecordForm } from '../../../components/form/record-form';
import type { RecordFormProps } from '../../../components/record/record-pages';
import { useStockWarehouses } from '../../../lib/stock-warehouses';
import { useSettings } from '../../settings/api';

const EMPTY_ADDRESS = { line1: '', city: '', region: '', postalCode: '', country: 'US' };

export const useWarehouseChoices = useStockWarehouses;

/** A draft's values as the form edits them: references by id, lines as their inputs. */
export const orderValues = (record: Order | undefined): OrderValues => ({
  customer: record?.customer._id ?? '',
  customerJob: record?.customerJob?._id ?? null,
  warehouse: record?.warehouse?._id ?? null,
  fulfilment: record?.fulfilment ?? 'delivery',
  shipTo: record?.shipTo ?? null,
  requestedDate: record?.requestedDate ?? null,
  notes: record?.notes ?? '',
  ambassador: record?.ambassador?._id ?? null,
  discount: record?.discount ?? null,
  coupon: record?.coupon ?? null,
  shippingCents: record?.shippingCents ?? 0,
  deposit: record?.deposit ?? null,
  paymentTermsDays: record?.paymentTermsDays ?? null,
  lines: lineValuesOf(record?.lines),
});

/** The customer picker, as one of the who-fields. */
const customerField = (record?: Order): FieldSpec<OrderValues> => ({
  name: 'customer',
  label: 'Customer',
  render: (f, error) => (
    <Controller
      control={f.control}
      name="customer"
      render={({ field }) => (
        <CustomerSelect
          label="Customer"
          required
          value={field.value || null}
          initial={record?.customer}
          onChange={(v) => field.onChange(v ?? '')}
          error={error}
        />
      )}
    />
  ),
});

/** Who and where: the customer, their job, the warehouse, delivery or pick-up, the date wanted. */
export function OrderWhoFields({
  form,
  record,
  withCustomer = true,
}: {
  form: UseFormReturn<OrderValues>;
  record?: Order;
  /** The wizard chose the customer in its first step. */
  withCustomer?: boolean;
}) {
  const warehouses = useWarehouseChoices();
  const e = form.formState.errors;
  const typed = form.watch('shipTo') !== null;
  return (
    <>
      <Fields
        form={form}
        fields={[
          ...(withCustomer ? [customerField(record)] : []),
          {
            name: 'customerJob',
            label: 'Job',
            render: (f, error) => (
              <Controller
                control={f.control}
                name="customerJob"
                render={({ field }) => (
                  <JobSelect
                    label="Job"
                    description="The customer’s job this order is for, if any"
                    value={field.value ?? null}
                    initial={record?.customerJob}
                    onChange={field.onChange}
                    error={error}
                  />
                )}
              />
            ),
          },
          { name: 'fulfilment', label: 'How the customer gets it', type: 'choice', choices: FULFILMENT_METHOD_LABELS },
          {
            name: 'warehouse',
            label: 'Fulfilled from',
            render: (f, error) => (
              <Controller
                control={f.control}
                name="warehouse"
                render={({ field }) => (
                  <Select
                    label="Fulfilled from"
                    placeholder="The order settings’ warehouse"
                    data={(warehouses.data ?? []).map((w) => ({ value: w._id, label: w.name }))}
                    value={field.value ?? null}
                    onChange={field.onChange}
                    error={error}
                    clearable
                  />
                )}
              />
            ),
          },
          { name: 'requestedDate', label: 'Wanted by', type: 'date' },
          {
            name: 'ambassador',
            label: 'Ambassador',
            render: (f, error) => (
              <Controller
                control={f.control}
                name="ambassador"
                render={({ field }) => (
                  <AmbassadorSelect
                    label="Ambassador"
                    description="Who referred the sale (the customer’s unless chosen)"
                    value={field.value ?? null}
                    initial={record?.ambassador}
                    onChange={field.onChange}
                    error={error}
                  />
                )}
              />
            ),
          },
        ]}
      />
      <Checkbox
        label={
          form.watch('fulfilment') === 'pickup'
            ? 'Taxed at another address than the warehouse'
            : 'Deliver to another address than the customer’s'
        }
        checked={typed}
        onChange={(event) =>
          form.setValue('shipTo', event.currentTarget.checked ? EMPTY_ADDRESS : null, { shouldDirty: true })
        }
      />
      {typed && (
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="Street address" {...form.register('shipTo.line1')} error={e.shipTo?.line1?.message} />
          <TextInput label="City" {...form.register('shipTo.city')} error={e.shipTo?.city?.message} />
          <TextInput label="State" {...form.register('shipTo.region')} error={e.shipTo?.region?.message} />
          <TextInput label="ZIP code" {...form.register('shipTo.postalCode')} error={e.shipTo?.postalCode?.message} />
        </SimpleGrid>
      )}
    </>
  );
}

/** The money around the lines: discount, coupon, shipping, deposit asked, payment terms. */
export function OrderBillingFields({ form }: { form: UseFormReturn<OrderValues> }) {
  const e = form.formState.errors;
  return (
    <Fields
      form={form}
      fields={[
        {
          name: 'discount',
          label: 'Order discount',
          render: (f) => (
            <Controller
              control={f.control}
              name="discount"
              render={({ field }) => (
                <DiscountInput
                  label="Order discount"
                  description="Spread over the lines before tax"
                  value={field.value}
                  onChange={field.onChange}
                  error={e.discount?.message}
                />
              )}
            />
          ),
        },
        {
          name: 'coupon',
          label: 'Coupon',
          render: (f, error) => (
            <TextInput
              label="Coupon"
              description="Checked against the coupon’s rules when saved"
              {...f.register('coupon', { setValueAs: (v) => v || null })}
              error={error}
            />
          ),
        },
        { name: 'shippingCents', label: 'Shipping', type: 'money' },
        {
          name: 'deposit',
          label: 'Deposit asked',
          render: (f) => (
            <Controller
              control={f.control}
              name="deposit"
              render={({ field }) => (
                <DiscountInput
                  label="Deposit asked"
                  description="Of the total, before the work starts"
                  value={field.value}
                  onChange={field.onChange}
                  error={e.deposit?.message}
                />
              )}
            />
          ),
        },
        {
          name: 'paymentTermsDays',
          label: 'Payment terms',
          type: 'number',
          suffix: ' days',
          description: 'The account’s terms unless set',
        },
      ]}
    />
  );
}

/**
 * A draft order: who it is for, its lines, and the money around them. A confirmed order is
 * not edited here: it changes through change orders.
 */
export function OrderForm(props: RecordFormProps<Order, OrderInput>) {
  const { record } = props;
  const taxClasses = useSettings().data?.productSettings.taxClasses ?? [];
  if (record && record.status !== 'draft')
    return (
      <Alert color="blue" title={`${record.number} is ${record.status}`}>
        {record.status === 'confirmed'
          ? 'Its lines and prices no longer change here: a change order amends it, or cancel it and make a new one.'
          : 'It can no longer be changed.'}
      </Alert>
    );
  return (
    <RecordForm<Order, OrderValues>
      {...(props as unknown as RecordFormProps<Order, OrderValues>)}
      values={orderValues}
      clean={(v) => ({ ...v, paymentTermsDays: v.paymentTermsDays ?? null })}
    >
      {(form) => (
        <>
          <OrderWhoFields form={form} record={record} />
          <LineEditor
            taxClasses={taxClasses}
            form={form}
            record={record?.lines}
            warehouse={form.watch('warehouse') ?? record?.warehouse?._id}
          />
          <OrderBillingFields form={form} />
        </>
      )}
    </RecordForm>
  );
}
