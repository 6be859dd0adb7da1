import type { ErrorCode } from '@atelier/contracts';
import type { z } from 'zod';

/** An error that reaches the client as `{ error: { code, message, fields } }` with `status`. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
    readonly headers?: Record<string, string>,
    /** The record in the way, when there is one (the product that already has this SKU). */
    readonly link?: { href: string; label: string },
  ) {
    super(message);
  }

  body() {
    return {
      error: {
        code: this.code,
        message: this.message,
        ...(this.fields ? { fields: this.fields } : {}),
        ...(this.link ? { link: this.link } : {}),
      },
    };
  }
}

export const badRequest = (message: string, fields?: Record<string, string>) =>
  new HttpError(400, 'validation', message, fields);
export const notFound = (message = 'Not found.') => new HttpError(404, 'not_found', message);
export const conflict = (message: string) => new HttpError(409, 'conflict', message);
export const forbidden = (message = 'You do not have permission to do this.') =>
  new HttpError(403, 'forbidden', message);

/** Zod issues as one message per dotted field path (the first issue of each field wins). */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) {
        const field = [...issue.path, key].join('.');
        fields[field] ??= `"${key}" cannot be set here.`;
      }
      continue;
    }
    const field = issue.path.join('.') || '_';
    fields[field] ??= issue.message;
  }
  return fields;
}

export function validationError(error: z.ZodError, part: 'body' | 'query' | 'params'): HttpError {
  const fields = fieldErrors(error);
  const names = Object.keys(fields).filter((name) => name !== '_');
  const message =
    names.length === 0
      ? (fields._ ?? `The request ${part} is not valid.`)
      : names.length === 1
        ? fields[names[0]!]!
        : `Please correct the ${names.length} highlighted fields.`;
  return badRequest(message, fields);
}

/** PostgreSQL's unique violation (23505), whether raised directly or wrapped by Drizzle. */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
}

/**
 * A catch for a write of something named uniquely in its firm (a filter, a template): a duplicate
 * name is a 409 on `name`; anything else is thrown on as it was (a stale version stays its own 409).
 */
export const unlessNameTaken =
  (noun: string, name: string) =>
  (error: unknown): never => {
    if (!isUniqueViolation(error)) throw error;
    const message = `Another ${noun} is called ${name}.`;
    throw new HttpError(409, 'conflict', message, { name: message });
  };

/** Turns a duplicate into a 409 with a person's message (and the field it concerns); rethrows anything else. */
export function conflictOnDuplicate(error: unknown, message: string, field?: string): never {
  if (isUniqueViolation(error) || (error as { status?: number })?.status === 409) {
    throw new HttpError(409, 'conflict', message, field ? { [field]: message } : undefined);
  }
  throw error;
}
