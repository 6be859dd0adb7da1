import type { Invoice, InvoiceValues } from '@atelier/contracts';
import { Card, Checkbox, Group, Stack, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { formatDate, formatMoney } from '../../../lib/format';
import { useBillableExpenses } from '../../expenses/api';

type Offered = { _id: string; label: string; detail: string; amountCents: number };

/**
 * A stand-alone invoice's billable expenses (decision 0045): the customer's expenses marked
 * billable that no invoice bills yet, each a line at its amount before tax. A new invoice bills
 * them all unless unticked; a draft keeps those it bills.
 */
export function BillableExpensesField({
  form,
  record,
  currency,
}: {
  form: UseFormReturn<InvoiceValues>;
  record: Invoice | undefined;
  currency?: string;
}) {
  const customer = form.watch('customer');
  const billable = useBillableExpenses(customer);
  const offeredFor = useRef<string | null>(null);
  const own: Offered[] = (record?.customer._id === customer ? (record?.lines ?? []) : []).flatMap((l) =>
    l.expense ? [{ _id: l.expense, label: l.name, detail: l.description, amountCents: l.unitPriceCents }] : [],
  );
  const offered: Offered[] = [
    ...own,
    ...(billable.data ?? [])
      .filter((e) => !own.some((o) => o._id === e._id))
      .map((e) => ({
        _id: e._id,
        label: `${e.category}: ${e.paidTo}`,
        detail: `${formatDate(e.date)} · ${e.customerJob.name}`,
        amountCents: e.amountCents,
      })),
  ];
  // A new invoice offers them ticked, once per customer chosen.
  useEffect(() => {
    if (record || !billable.data || offeredFor.current === customer) return;
    offeredFor.current = customer;
    form.setValue(
      'expenses',
      billable.data.map((e) => e._id),
      { shouldDirty: true },
    );
  }, [record, billable.data, customer, form]);
  if (!customer || offered.length === 0) return null;
  const error = form.formState.errors.expenses?.message;
  return (
    <Card withBorder padding="md">
      <Controller
        control={form.control}
        name="expenses"
        render={({ field }) => (
          <Checkbox.Group
            label="Billable expenses"
            description="Spent on this customer's jobs and not billed yet: each ticked one is a line at its amount before tax."
            value={field.value ?? []}
            onChange={field.onChange}
            error={error}
          >
            <Stack gap="xs" mt="xs">
              {offered.map((e) => (
                <Checkbox
                  key={e._id}
                  value={e._id}
                  label={
                    <Group gap="xs" justify="space-between" wrap="nowrap">
                      <Text size="sm">{e.label}</Text>
                      <Text size="sm" fw={500}>
                        {formatMoney(e.amountCents, currency)}
                      </Text>
                    </Group>
                  }
                  description={e.detail}
                />
              ))}
            </Stack>
          </Checkbox.Group>
        )}
      />
    </Card>
  );
}
