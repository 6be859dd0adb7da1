import { ActionIcon, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import {
  type ArrayPath,
  type FieldErrors,
  type FieldValues,
  type Path,
  type UseFormReturn,
  useFieldArray,
} from 'react-hook-form';

/** A list of labelled values (emails, phone numbers): "Work", "jane@…". */
type Props<T extends FieldValues> = {
  form: UseFormReturn<T>;
  name: ArrayPath<T>;
  valueKey: string;
  label: string;
  type: string;
};

export function LabelledListField<T extends FieldValues>({ form, name, valueKey, label, type }: Props<T>) {
  const { fields, append, remove } = useFieldArray({ control: form.control, name });
  const errors = ((form.formState.errors as Record<string, unknown>)[name] ?? []) as FieldErrors<
    Record<string, string>
  >[];
  const at = (i: number, key: string) => `${name}.${i}.${key}` as Path<T>;
  return (
    <Stack gap={6}>
      <Text size="sm" fw={600}>
        {label}
      </Text>
      {fields.map((field, i) => (
        <Group key={field.id} align="flex-start" gap="xs" wrap="nowrap">
          <TextInput
            aria-label={`${label} ${i + 1} label`}
            placeholder="Label"
            w={110}
            {...form.register(at(i, 'label'))}
          />
          <TextInput
            aria-label={`${label} ${i + 1}`}
            type={type}
            style={{ flex: 1 }}
            {...form.register(at(i, valueKey))}
            error={errors[i]?.[valueKey]?.message as string | undefined}
          />
          <ActionIcon
            variant="subtle"
            color="red"
            mt={6}
            aria-label={`Remove ${label.toLowerCase()} ${i + 1}`}
            onClick={() => remove(i)}
          >
            <IconTrash size={16} />
          </ActionIcon>
        </Group>
      ))}
      <Group>
        <Button
          variant="default"
          size="xs"
          leftSection={<IconPlus size={14} />}
          onClick={() => append({ label: '', [valueKey]: '' } as never)}
        >
          Add {label.toLowerCase().replace(/s$/, '')}
        </Button>
      </Group>
    </Stack>
  );
}
