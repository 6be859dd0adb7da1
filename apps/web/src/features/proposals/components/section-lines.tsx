import type { DocumentLine, DocumentLineValues, ProposalValues } from '@atelier/contracts';
import { useEffect } from 'react';
import { type FieldErrors, get, type UseFormReturn, useForm, useFormState } from 'react-hook-form';
import { LineEditor } from '../../../components/documents/line-editor';

type Lines = { lines: DocumentLineValues[] };

/** Each message under an error tree, by its dotted path ("lines.2.quantity"); an array's own under its path. */
function messagesOf(node: unknown, path: string, out: [string, string][] = []): [string, string][] {
  if (!node || typeof node !== 'object') return out;
  const error = node as Record<string, unknown> & { message?: unknown; root?: { message?: unknown } };
  if (typeof error.message === 'string') out.push([path, error.message]);
  if (typeof error.root?.message === 'string') out.push([path, error.root.message]);
  for (const [key, child] of Object.entries(error))
    if (!['message', 'type', 'types', 'ref', 'root'].includes(key)) messagesOf(child, `${path}.${key}`, out);
  return out;
}

/**
 * A section's lines in the shared line editor, which edits a form's top-level `lines`: they live
 * in a small form of their own, copied into the proposal's `sections.{i}.lines` as they change,
 * and the proposal's messages about them (its contract's, the server's) are shown here. A reset
 * of the proposal (saved, reloaded) remounts the sections, so this starts again from it.
 */
export function SectionLines({
  form,
  index,
  record,
  taxClasses,
}: {
  form: UseFormReturn<ProposalValues>;
  index: number;
  /** The section as saved, whose items the editor names. */
  record?: DocumentLine[];
  taxClasses: readonly string[];
}) {
  const name = `sections.${index}.lines` as const;
  const lines = useForm<Lines>({ defaultValues: { lines: form.getValues(name) ?? [] } });

  useEffect(
    () =>
      lines.subscribe({
        formState: { values: true },
        callback: ({ values }) => {
          if (JSON.stringify(values.lines) === JSON.stringify(form.getValues(name))) return;
          form.setValue(name, values.lines, {
            shouldDirty: true,
            shouldValidate: form.formState.isSubmitted,
          });
        },
      }),
    [lines, form, name],
  );

  const { errors } = useFormState({ control: form.control, name });
  const messages = messagesOf(get(errors as FieldErrors, name), 'lines');
  const signature = JSON.stringify(messages);
  useEffect(() => {
    lines.clearErrors();
    for (const [path, message] of JSON.parse(signature) as [string, string][])
      lines.setError(path as 'lines', { type: 'proposal', message });
  }, [lines, signature]);

  return <LineEditor form={lines} record={record} taxClasses={taxClasses} withOptions />;
}
