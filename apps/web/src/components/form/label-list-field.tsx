import { ActionIcon, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from '@tabler/icons-react';
import {
  type ArrayPath,
  type FieldError,
  type FieldValues,
  type Path,
  type UseFormReturn,
  type UseFormSetError,
  useFieldArray,
} from 'react-hook-form';
import { z } from 'zod';

/** A settings label list as the form keeps it: rows of `{ value }`, each label once. */
export const labelRows = (element: z.ZodType<string, string>, noun: string) =>
  z
    .array(z.object({ value: element }))
    .max(50, 'Use at most 50 values.')
    .superRefine((rows, ctx) => {
      const seen = new Set<string>();
      rows.forEach((row, i) => {
        const key = row.value.trim().toLowerCase();
        if (seen.has(key))
          ctx.addIssue({ code: 'custom', path: [i, 'value'], message: `This ${noun} is already listed.` });
        seen.add(key);
      });
    });
export const toRows = (values: readonly string[]) => values.map((value) => ({ value }));
export const fromRows = (rows: readonly { value: string }[]) => rows.map((r) => r.value);

/**
 * A save's refusal on the form's fields: the server names a list's row "sources.2", the form
 * "sources.2.value". The toast is the caller's (showSubmitError).
 */
export function setServerErrors<T extends FieldValues>(
  setError: UseFormSetError<T>,
  error: unknown,
  lists: readonly string[],
): void {
  const fields = (error as { fields?: Record<string, string> } | null)?.fields ?? {};
  for (const [field, message] of Object.entries(fields)) {
    const [list, row] = field.split('.');
    const path = row !== undefined && lists.includes(list!) && /^\d+$/.test(row) ? `${field}.value` : field;
    setError(path as Path<T>, { type: 'server', message });
  }
}

type Props<T extends FieldValues> = {
  form: UseFormReturn<T>;
  /** An array of `{ value }` rows (react-hook-form keeps rows as objects). */
  name: ArrayPath<T>;
  label: string;
  description?: string;
  /** One row's name: "source" gives "Add a source", "Source 2". */
  noun: string;
};

/** An ordered list of short labels a firm picks from (lead sources, lost reasons): add, remove, reorder. */
export function LabelListField<T extends FieldValues>({ form, name, label, description, noun }: Props<T>) {
  const { fields, append, remove, move } = useFieldArray({ control: form.control, name });
  const errors = (form.formState.errors as Record<string, unknown>)[name] as
    | (FieldError & { root?: FieldError } & Array<{ value?: FieldError } | undefined>)
    | undefined;
  const listError = errors?.message ?? errors?.root?.message;
  const rowLabel = (i: number) => `${noun.charAt(0).toUpperCase()}${noun.slice(1)} ${i + 1}`;
  return (
    <Stack gap={6}>
      <div>
        <Text size="sm" fw={600}>
          {label}
        </Text>
        {description && (
          <Text size="xs" c="dimmed">
            {description}
          </Text>
        )}
      </div>
      {fields.map((field, i) => (
        <Group key={field.id} gap={4} wrap="nowrap" align="flex-start">
          <TextInput
            aria-label={rowLabel(i)}
            style={{ flex: 1, minWidth: 0 }}
            {...form.register(`${name}.${i}.value` as Path<T>)}
            error={errors?.[i]?.value?.message}
          />
          <ActionIcon
            variant="subtle"
            color="gray"
            mt={6}
            aria-label={`Move ${rowLabel(i).toLowerCase()} up`}
            disabled={i === 0}
            onClick={() => move(i, i - 1)}
          >
            <IconArrowUp size={16} />
          </ActionIcon>
          <ActionIcon
            variant="subtle"
            color="gray"
            mt={6}
            aria-label={`Move ${rowLabel(i).toLowerCase()} down`}
            disabled={i === fields.length - 1}
            onClick={() => move(i, i + 1)}
          >
            <IconArrowDown size={16} />
          </ActionIcon>
          <ActionIcon
            variant="subtle"
            color="red"
            mt={6}
            aria-label={`Remove ${rowLabel(i).toLowerCase()}`}
            onClick={() => remove(i)}
          >
            <IconTrash size={16} />
          </ActionIcon>
        </Group>
      ))}
      {fields.length === 0 && (
        <Text size="sm" c="dimmed">
          None yet.
        </Text>
      )}
      {listError && (
        <Text size="xs" c="red">
          {listError}
        </Text>
      )}
      <Group>
        <Button
          variant="default"
          size="xs"
          leftSection={<IconPlus size={14} />}
          onClick={() => append({ value: '' } as never, { shouldFocus: true })}
        >
          Add a {noun}
        </Button>
      </Group>
    </Stack>
  );
}
