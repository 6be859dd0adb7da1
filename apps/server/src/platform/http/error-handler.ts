import type { FastifyError, FastifyInstance } from 'fastify';
import { isDatabaseUnavailable } from '../../db/faults';
import { HttpError } from './errors';

/** How long a client should wait before trying again while the database is away. */
export const DATABASE_RETRY_SECONDS = 5;
export const DATABASE_UNAVAILABLE_MESSAGE = 'The service is briefly unavailable. Please try again in a moment.';

type PgError = { code?: string; constraint?: string; cause?: { code?: string } };

/** Maps every failure to the one error shape; no stack traces or SQL reach the client. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError & PgError, req, reply) => {
    const known = toHttpError(
      error,
      (req.routeOptions.config as { unsupportedType?: string } | undefined)?.unsupportedType,
    );
    if (known) {
      if (known.headers) reply.headers(known.headers);
      return reply.code(known.status).send(known.body());
    }
    if (isDatabaseUnavailable(error)) {
      req.log.warn({ err: error }, 'database unavailable');
      return reply
        .code(503)
        .header('Retry-After', String(DATABASE_RETRY_SECONDS))
        .send({ error: { code: 'unavailable', message: DATABASE_UNAVAILABLE_MESSAGE } });
    }
    req.log.error({ err: error }, 'request failed');
    return reply
      .code(500)
      .send({ error: { code: 'internal', message: 'Something went wrong on our side. Please try again.' } });
  });

  app.setNotFoundHandler((req, reply) => {
    reply
      .code(404)
      .send({ error: { code: 'not_found', message: `No such address: ${req.method} ${req.url.split('?')[0]}` } });
  });
}

function toHttpError(
  error: FastifyError & PgError,
  unsupportedType = 'Send the request body as JSON.',
): HttpError | null {
  if (error instanceof HttpError) return error;
  // Errors Fastify raises itself while reading the request, and PostgreSQL's (Drizzle wraps
  // those, with the original as the cause).
  switch (error.code ?? error.cause?.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new HttpError(400, 'validation', 'The request body is not valid JSON.');
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new HttpError(413, 'too_large', 'The request is too large.');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new HttpError(415, 'unprocessable', unsupportedType);
    // PostgreSQL: a write that collides with another firm's or a concurrent row.
    case '23505':
      return new HttpError(409, 'conflict', 'This conflicts with an existing record.');
    // An exclusion constraint: two ranges that may not overlap (a person's time entries).
    case '23P01':
      return new HttpError(409, 'conflict', 'This overlaps an existing record.');
    // A value PostgreSQL cannot read as its type (a bad date, number or enum value that got past
    // validation): the request is at fault, not the server.
    case '22P02':
    case '22007':
    case '22008':
    case '22003':
      return new HttpError(400, 'validation', 'A value in this request is not valid.');
    // Text PostgreSQL cannot store (a NUL character, bytes that are not UTF-8) or too long for
    // its column: the hostile-input guard refuses these first; this is the backstop.
    case '22021':
    case '22P05':
      return new HttpError(400, 'validation', 'This text contains a character that is not allowed.');
    case '22001':
      return new HttpError(400, 'validation', 'A value in this request is too long.');
    case '23503':
      return new HttpError(409, 'conflict', 'This refers to a record that does not exist or is still in use.');
  }
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    return new HttpError(error.statusCode, 'validation', error.message);
  }
  return null;
}
