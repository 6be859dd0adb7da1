import {
  Box,
  NumberInput,
  type NumberInputProps,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { Fragment, type ReactNode } from 'react';
import { Controller, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { PersonSelect } from './pickers';

/**
 * A field of a record form: text (or email, phone, a date: empty is null), a whole number (days: `suffix`), a
 * percentage, one of a few choices (as buttons, or as a list: `select`), or a staff member
 * (`person`: "Assigned to"). Forms list their fields instead of writing each input; `render`
 * draws one the list does not know (a picker).
 */
export type FieldSpec<V extends FieldValues> = {
  name: keyof V & string;
  label: string;
  type?: 'text' | 'email' | 'tel' | 'date' | 'number' | 'money' | 'percent' | 'choice' | 'select' | 'person';
  description?: string;
  placeholder?: string;
  /** The labels of a choice's values, in order. */
  choices?: Readonly<Record<string, string>>;
  /** Bounds of a number or a percentage, and what a number counts ("days"). */
  min?: number;
  max?: number;
  suffix?: string;
  /** Decimals of a dollar a money field takes (a cost may be $0.0430): 2 unless said; of a number, 0 unless said. */
  decimals?: number;
  /** Draws the field itself, in its place in the grid (nothing: no cell), given its error. */
  render?: (form: UseFormReturn<V>, error: string | undefined) => ReactNode;
};

/** The fields in two columns (one on a phone); choices take a row of their own. */
export function Fields<V extends FieldValues>({ form, fields }: { form: UseFormReturn<V>; fields: FieldSpec<V>[] }) {
  const errors = form.formState.errors as Record<string, { message?: string } | undefined>;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      {fields.map((f) => {
        const error = errors[f.name]?.message;
        const name = f.name as Path<V>;
        if (f.render) return <Fragment key={f.name}>{f.render(form, error)}</Fragment>;
        if (f.type === 'select' || f.type === 'person')
          return (
            <Controller
              key={f.name}
              control={form.control}
              name={name}
              render={({ field }) =>
                f.type === 'person' ? (
                  <PersonSelect
                    label={f.label}
                    description={f.description}
                    value={field.value ?? null}
                    onChange={field.onChange}
                    error={error}
                  />
                ) : (
                  <Select
                    label={f.label}
                    description={f.description}
                    placeholder={f.placeholder}
                    data={Object.entries(f.choices ?? {}).map(([value, label]) => ({ value, label }))}
                    value={field.value}
                    onChange={field.onChange}
                    error={error}
                    allowDeselect={false}
                  />
                )
              }
            />
          );
        if (f.type === 'choice')
          return (
            <Box key={f.name} style={{ gridColumn: '1 / -1' }}>
              <Controller
                control={form.control}
                name={name}
                render={({ field }) => (
                  <Stack gap={4}>
                    <Text size="sm" fw={500} id={`${f.name}-label`}>
                      {f.label}
                    </Text>
                    <SegmentedControl
                      aria-labelledby={`${f.name}-label`}
                      data={Object.entries(f.choices ?? {}).map(([value, label]) => ({ value, label }))}
                      value={field.value}
                      onChange={field.onChange}
                      w="fit-content"
                    />
                    {error && (
                      <Text size="xs" c="red">
                        {error}
                      </Text>
                    )}
                  </Stack>
                )}
              />
            </Box>
          );
        if (f.type === 'money')
          return (
            <Controller
              key={f.name}
              control={form.control}
              name={name}
              render={({ field }) => (
                <MoneyInput
                  label={f.label}
                  description={f.description}
                  decimals={f.decimals}
                  cents={field.value as number | undefined}
                  onChange={field.onChange}
                  error={error}
                />
              )}
            />
          );
        if (f.type === 'percent' || f.type === 'number')
          return (
            <Controller
              key={f.name}
              control={form.control}
              name={name}
              render={({ field }) => (
                <NumberInput
                  label={f.label}
                  description={f.description}
                  suffix={f.type === 'percent' ? '%' : f.suffix}
                  min={f.min ?? 0}
                  max={f.max ?? (f.type === 'percent' ? 100 : undefined)}
                  decimalScale={f.type === 'percent' ? 2 : (f.decimals ?? 0)}
                  clampBehavior="none"
                  value={field.value as number}
                  onChange={(v) => field.onChange(v === '' ? undefined : v)}
                  error={error}
                />
              )}
            />
          );
        return (
          <TextInput
            key={f.name}
            label={f.label}
            description={f.description}
            placeholder={f.placeholder}
            type={f.type === 'text' ? undefined : f.type}
            {...form.register(name, f.type === 'date' ? { setValueAs: (v) => v || null } : {})}
            error={error}
          />
        );
      })}
    </SimpleGrid>
  );
}

/**
 * Money typed in dollars and kept in cents (two decimals of a cent for a cost typed to four
 * decimals of a dollar): the form and the API speak cents, the person dollars.
 */
export function MoneyInput({
  cents,
  onChange,
  decimals = 2,
  ...props
}: Omit<NumberInputProps, 'value' | 'onChange'> & {
  decimals?: number;
  cents: number | undefined;
  onChange: (cents: number | undefined) => void;
}) {
  const scale = 10 ** decimals;
  return (
    <NumberInput
      {...props}
      prefix="$"
      min={0}
      decimalScale={decimals}
      fixedDecimalScale={decimals === 2}
      thousandSeparator=","
      clampBehavior="none"
      value={cents === undefined || cents === null ? '' : cents / 100}
      onChange={(v) => {
        // A fixed scale hands "92.50" over as text.
        const dollars = typeof v === 'number' ? v : v.trim() === '' ? Number.NaN : Number(v.replaceAll(',', ''));
        onChange(Number.isFinite(dollars) ? (Math.round(dollars * scale) * 100) / scale : undefined);
      }}
    />
  );
}

/**
 * A form's starting values: the record's value of each input field, else the given default,
 * else the field's empty value (text empty, lists empty).
 */
export function formValues<V>(schema: z.ZodObject, record: object | undefined, defaults: Partial<V> = {}): V {
  const from = (record ?? {}) as Record<string, unknown>;
  const given = defaults as Record<string, unknown>;
  const values: Record<string, unknown> = Object.create(null);
  for (const [key, field] of Object.entries(schema.shape)) {
    if (record && Object.hasOwn(from, key)) values[key] = from[key];
    else if (Object.hasOwn(given, key)) values[key] = given[key];
    else values[key] = emptyOf(field as z.ZodType);
  }
  return { ...values } as V;
}

/** The empty value of a field's type: '' for text, [] for lists, undefined otherwise. */
function emptyOf(field: z.ZodType): unknown {
  const def = field.def as { type: string; innerType?: z.ZodType; defaultValue?: unknown };
  if (def.type === 'default') return def.defaultValue;
  if (def.type === 'string' || def.type === 'pipe') return '';
  if (def.type === 'array') return [];
  return def.innerType ? emptyOf(def.innerType) : undefined;
}
