import { type Warehouse, type WarehouseInput, warehouseInputSchema } from '@atelier/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Checkbox, Group, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { z } from 'zod';

/** The form keeps the address as text fields; an empty street address means "no address". */
const formSchema = z.object({
  name: warehouseInputSchema.shape.name,
  line1: z.string().max(200),
  line2: z.string().max(200),
  city: z.string().max(100),
  region: z.string().max(100),
  postalCode: z.string().max(20),
  country: z.string().max(60),
  isDefault: z.boolean(),
});
type FormValues = z.infer<typeof formSchema>;

export function toInput(v: FormValues): WarehouseInput {
  const { name, isDefault, ...a } = v;
  const hasAddress = Object.values(a).some((x) => x.trim() !== '');
  return {
    name,
    isDefault,
    address: hasAddress
      ? {
          line1: a.line1,
          ...(a.line2 ? { line2: a.line2 } : {}),
          city: a.city,
          region: a.region,
          postalCode: a.postalCode,
          country: a.country || 'US',
        }
      : null,
  };
}

type Props = { warehouse?: Warehouse; submitLabel: string; onSubmit: (input: WarehouseInput) => Promise<unknown> };

export function WarehouseForm({ warehouse, submitLabel, onSubmit }: Props) {
  const a = warehouse?.address;
  const form = useForm<FormValues>({
    resolver: zodResolver(formSchema),
    values: {
      name: warehouse?.name ?? '',
      line1: a?.line1 ?? '',
      line2: a?.line2 ?? '',
      city: a?.city ?? '',
      region: a?.region ?? '',
      postalCode: a?.postalCode ?? '',
      country: a?.country ?? '',
      isDefault: warehouse?.isDefault ?? false,
    },
  });
  const submit = form.handleSubmit(async (values) => {
    try {
      await onSubmit(toInput(values));
    } catch (error) {
      // Server field errors arrive as address.city etc.; show them on the matching inputs.
      for (const [field, message] of Object.entries((error as { fields?: Record<string, string> }).fields ?? {})) {
        form.setError(field.replace(/^address\./, '') as keyof FormValues, { message });
      }
    }
  });
  const e = form.formState.errors;
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <TextInput label="Name" {...form.register('name')} error={e.name?.message} />
        <TextInput label="Street address" {...form.register('line1')} error={e.line1?.message} />
        <TextInput label="Address line 2" {...form.register('line2')} error={e.line2?.message} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="City" {...form.register('city')} error={e.city?.message} />
          <TextInput label="State or region" {...form.register('region')} error={e.region?.message} />
          <TextInput label="Postal code" {...form.register('postalCode')} error={e.postalCode?.message} />
          <TextInput label="Country" placeholder="US" {...form.register('country')} error={e.country?.message} />
        </SimpleGrid>
        <Checkbox label="Default warehouse" {...form.register('isDefault')} disabled={warehouse?.isDefault} />
        <Group justify="flex-end">
          <Button type="submit" loading={form.formState.isSubmitting}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
