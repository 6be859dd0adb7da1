import { useState } from 'react';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import type { z } from 'zod';
import { ApiError } from './api';
import { toast } from './toast';

/**
 * Shows a failed submit the way the spec asks: the server's message in a red toast, and each
 * field's own message under that field.
 */
export function showSubmitError<T extends FieldValues>(error: unknown, setError?: UseFormSetError<T>): void {
  const apiError = error instanceof ApiError ? error : null;
  toast({
    type: 'error',
    message: apiError?.message ?? 'Something went wrong. Please try again.',
    ...(apiError?.link ? { link: apiError.link } : {}),
  });
  if (!apiError || !setError) return;
  for (const [field, message] of Object.entries(apiError.fields)) {
    setError(field as Path<T>, { type: 'server', message });
  }
}

/**
 * A bulk save's per-field errors by row: the server names "variants.3.sku" (the fourth row
 * sent); each becomes "<that row's key>.sku", for the grid to show under that row's field.
 */
export function rowErrors(error: unknown, keyOf: (index: number) => string | undefined): Record<string, string> {
  if (!(error instanceof ApiError)) return {};
  return Object.fromEntries(
    Object.entries(error.fields).map(([path, message]) => {
      const [, i, field] = path.split('.');
      return [`${keyOf(Number(i))}.${field}`, message];
    }),
  );
}

/** A schema's issues as the server sends them: the first message of each field, by its dotted path. */
export const issueFields = (issues: readonly { path: PropertyKey[]; message: string }[]): Record<string, string> =>
  Object.fromEntries(issues.map((i) => [i.path.join('.'), i.message]).reverse());

/**
 * The submit of a small form kept in component state (a dialog): what was entered is checked
 * against its contract first, each message on its field (with `missing`, what the form itself
 * knows is missing); then it is sent, and the server's per-field messages land on the fields too.
 * `done` gets the answer (a toast, clearing, closing).
 */
export function useCheckedSubmit<S extends z.ZodType, R>(
  schema: S,
  send: (input: z.output<S>) => Promise<R>,
  done: (result: R) => void,
) {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const submit = async (input: z.input<S>, missing: Record<string, string> = {}) => {
    const parsed = schema.safeParse(input);
    if (!parsed.success) {
      setErrors({ ...issueFields(parsed.error.issues), ...missing });
      return;
    }
    setErrors({});
    let result: R;
    try {
      result = await send(parsed.data);
    } catch (error) {
      if (error instanceof ApiError) setErrors(error.fields);
      showSubmitError(error);
      return;
    }
    // Outside the try: it was done, so nothing after it may read as a failure to send again.
    done(result);
  };
  return { errors, submit };
}
