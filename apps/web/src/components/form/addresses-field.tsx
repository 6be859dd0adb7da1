import { ADDRESS_KINDS } from '@atelier/contracts';
import { ActionIcon, Button, Card, Group, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import {
  type ArrayPath,
  Controller,
  type FieldErrors,
  type FieldValues,
  type Path,
  type UseFormReturn,
  useFieldArray,
} from 'react-hook-form';

const KIND_LABELS: Record<(typeof ADDRESS_KINDS)[number], string> = {
  billing: 'Billing',
  shipping: 'Shipping',
  job_site: 'Job site',
  home: 'Home',
  other: 'Other',
};

type Address = {
  kind: string;
  label?: string;
  line1: string;
  line2?: string;
  city: string;
  region?: string;
  postalCode?: string;
  country?: string;
};
/** Several addresses (billing, shipping, job sites…), each with its own per-field messages. */
export function AddressesField<T extends FieldValues>({
  form,
  name = 'addresses' as ArrayPath<T>,
}: {
  form: UseFormReturn<T>;
  name?: ArrayPath<T>;
}) {
  const { fields, append, remove } = useFieldArray({ control: form.control, name });
  const errors = ((form.formState.errors as Record<string, unknown>)[name] ?? []) as FieldErrors<Address>[];
  const at = (i: number, key: string) => `${name}.${i}.${key}` as Path<T>;
  return (
    <Stack gap="xs">
      <Text size="sm" fw={500}>
        Addresses
      </Text>
      {fields.map((field, i) => {
        const e = errors[i] ?? {};
        return (
          <Card key={field.id} withBorder padding="sm">
            <Stack gap="xs">
              <Group justify="space-between" align="flex-end">
                <Controller
                  control={form.control}
                  name={at(i, 'kind')}
                  render={({ field: f }) => (
                    <Select
                      label="For"
                      w={160}
                      data={ADDRESS_KINDS.map((k) => ({ value: k, label: KIND_LABELS[k] }))}
                      value={f.value}
                      onChange={f.onChange}
                      allowDeselect={false}
                    />
                  )}
                />
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={`Remove address ${i + 1}`}
                  onClick={() => remove(i)}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              </Group>
              <TextInput label="Street address" {...form.register(at(i, 'line1'))} error={e.line1?.message} />
              <TextInput label="Address line 2" {...form.register(at(i, 'line2'))} error={e.line2?.message} />
              <SimpleGrid cols={{ base: 1, xs: 2, sm: 4 }}>
                <TextInput label="City" {...form.register(at(i, 'city'))} error={e.city?.message} />
                <TextInput label="State or region" {...form.register(at(i, 'region'))} error={e.region?.message} />
                <TextInput label="Postal code" {...form.register(at(i, 'postalCode'))} error={e.postalCode?.message} />
                <TextInput label="Country" {...form.register(at(i, 'country'))} error={e.country?.message} />
              </SimpleGrid>
            </Stack>
          </Card>
        );
      })}
      <Group>
        <Button
          variant="default"
          size="xs"
          leftSection={<IconPlus size={14} />}
          onClick={() =>
            append({
              kind: fields.length ? 'shipping' : 'billing',
              label: '',
              line1: '',
              line2: '',
              city: '',
              region: '',
              postalCode: '',
              country: 'US',
            } as never)
          }
        >
          Add an address
        </Button>
      </Group>
    </Stack>
  );
}
