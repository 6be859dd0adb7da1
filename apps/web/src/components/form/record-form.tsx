import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, TagsInput, Textarea } from '@mantine/core';
import { Controller, type FieldValues, type Path, type UseFormReturn, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { useStaleEdit } from './stale-edit';

/**
 * A record's form: validated by the server's contract, showing the record as it is now while
 * keeping what the user changed, and on a stale-edit 409 offering to merge onto the latest
 * version. `clean` tidies the values before they are sent (blank rows dropped).
 */
export function useRecordForm<V extends FieldValues>(options: {
  schema: z.ZodType;
  values: V;
  onSubmit: (values: V) => Promise<unknown>;
  reload: () => Promise<V>;
  clean?: (values: V) => V;
}) {
  const form = useForm<V>({
    resolver: zodResolver(options.schema as never) as never,
    values: options.values,
    resetOptions: { keepDirtyValues: true },
  });
  const stale = useStaleEdit(form, options.reload);
  const submit = form.handleSubmit(async (values) => {
    const sent = options.clean ? options.clean(values) : values;
    try {
      await options.onSubmit(sent);
      form.reset(sent);
    } catch (error) {
      stale.onError(error);
    }
  });
  return { form, submit, stale };
}

/** The end every record form shares: tags, notes, and the save button. */
export function TagsNotesAndSave<V extends FieldValues & { tags?: string[]; notes?: string }>({
  form,
  submitLabel,
}: {
  form: UseFormReturn<V>;
  submitLabel: string;
}) {
  const e = form.formState.errors as Record<string, { message?: string } | undefined>;
  return (
    <>
      <Controller
        control={form.control}
        name={'tags' as Path<V>}
        render={({ field }) => (
          <TagsInput
            label="Tags"
            value={field.value ?? []}
            onChange={field.onChange}
            error={e.tags?.message}
            clearable
          />
        )}
      />
      <Textarea label="Notes" autosize minRows={3} {...form.register('notes' as Path<V>)} error={e.notes?.message} />
      <Group justify="flex-end">
        <Button type="submit" loading={form.formState.isSubmitting}>
          {submitLabel}
        </Button>
      </Group>
    </>
  );
}
