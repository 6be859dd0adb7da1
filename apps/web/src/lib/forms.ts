import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
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
