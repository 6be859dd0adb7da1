import { schemasOf } from '@atelier/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Stack, TagsInput, Textarea } from '@mantine/core';
import type { ReactNode } from 'react';
import { Controller, type FieldValues, type Path, type UseFormReturn, useForm } from 'react-hook-form';
import type { z } from 'zod';
import type { RecordFormProps } from '../record/record-pages';
import type { DuplicateQuery } from '../record/resource';
import { DuplicateCheck } from './duplicate-warning';
import { type FieldSpec, Fields, formValues } from './fields';
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
  withNotes = true,
  withTags = true,
}: {
  form: UseFormReturn<V>;
  submitLabel: string;
  /** Whether the kind keeps notes (a product's words are its description). */
  withNotes?: boolean;
  /** Whether the kind has tags (a numbered document has none). */
  withTags?: boolean;
}) {
  const e = form.formState.errors as Record<string, { message?: string } | undefined>;
  return (
    <>
      {withTags && (
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
      )}
      {withNotes && (
        <Textarea label="Notes" autosize minRows={3} {...form.register('notes' as Path<V>)} error={e.notes?.message} />
      )}
      <Group justify="flex-end">
        <Button type="submit" loading={form.formState.isSubmitting}>
          {submitLabel}
        </Button>
      </Group>
    </>
  );
}

type Notes = { tags?: string[]; notes?: string };

/**
 * A kind's whole form: its `fields` (in two columns), the duplicate check when the kind has one,
 * then `children` (inputs the fields list does not hold), tags, notes and the save button, with
 * the stale-edit offer. Its contract is the kind's declared input schema unless `schema` is
 * given; its values are the record's, else `defaults`, else empty (`formValues`), unless
 * `values` makes them (references given by id).
 */
export function RecordForm<T extends { _id: string }, V extends FieldValues & Notes>(
  props: RecordFormProps<T, V> & {
    schema?: z.ZodObject;
    defaults?: Partial<V>;
    values?: (record: T | undefined) => V;
    /** Tidies the values before they are sent (blank rows dropped). */
    clean?: (values: V) => V;
    fields?: FieldSpec<V>[];
    /**
     * For kinds whose declaration checks for duplicates, which records like this one it warns
     * of while typing: by the form's name, email and phone unless this reads them otherwise.
     */
    duplicateQuery?: (values: V) => DuplicateQuery;
    children?: (form: UseFormReturn<V>) => ReactNode;
  },
) {
  const { resource, record, reload } = props;
  const schema = props.schema ?? schemasOf(resource.kind).input;
  const valuesOf = (r: T | undefined) => props.values?.(r) ?? formValues<V>(schema, r, props.defaults);
  const { form, submit, stale } = useRecordForm<V>({
    schema,
    values: valuesOf(record),
    onSubmit: props.onSubmit,
    reload: async () => valuesOf(reload ? await reload() : record),
    clean: props.clean,
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        {props.fields && <Fields form={form} fields={props.fields} />}
        {resource.kind.duplicates && (
          <DuplicateCheck
            resource={resource}
            control={form.control}
            exclude={record?._id}
            query={props.duplicateQuery}
          />
        )}
        {props.children?.(form)}
        <TagsNotesAndSave
          form={form}
          submitLabel={props.submitLabel}
          withNotes={'notes' in schema.shape}
          withTags={'tags' in schema.shape}
        />
      </Stack>
      {stale.modal}
    </form>
  );
}
