import { Input, Skeleton } from '@mantine/core';
import { useId } from '@mantine/hooks';
import { lazy, Suspense } from 'react';
import { Controller, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import type { RichTextInserts } from './rich-text-editor';

// The editor is some 140 KB of script (gzipped): it loads with the first form that shows one.
const Editor = lazy(() => import('./rich-text-editor'));

/** A rich-text field of a form (a product's description), its value the editor's HTML. */
export function RichTextField<V extends FieldValues>({
  form,
  name,
  label,
  description,
  error,
  inserts,
}: {
  form: UseFormReturn<V>;
  name: Path<V>;
  label: string;
  description?: string;
  error?: string;
  /** Snippets the toolbar offers to insert (an email's merge fields). */
  inserts?: RichTextInserts;
}) {
  const id = useId();
  const labelId = `${id}-label`;
  const describedBy = error ? `${id}-error` : description ? `${id}-description` : undefined;
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => (
        <Input.Wrapper
          label={label}
          description={description}
          error={error}
          labelElement="div"
          labelProps={{ id: labelId }}
          descriptionProps={{ id: `${id}-description` }}
          errorProps={{ id: `${id}-error` }}
        >
          <Suspense fallback={<Skeleton height={170} radius="sm" />}>
            <Editor
              value={(field.value as string | undefined) ?? ''}
              onChange={field.onChange}
              onBlur={field.onBlur}
              labelledBy={labelId}
              describedBy={describedBy}
              invalid={Boolean(error)}
              inserts={inserts}
            />
          </Suspense>
        </Input.Wrapper>
      )}
    />
  );
}
