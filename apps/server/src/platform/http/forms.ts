import type { FastifyInstance } from 'fastify';
import { HttpError } from './errors';

export const FORM_TYPE = 'application/x-www-form-urlencoded';
/** A form's body is small (a cart line, a sign-in): anything bigger is not one of ours. */
const FORM_BODY_LIMIT = 64 * 1024;

/**
 * HTML forms post `application/x-www-form-urlencoded`, which only routes declared `form: true`
 * take (the store's pages work without a script). Every other route keeps refusing it: a form on
 * another site can post this type without asking, JSON it cannot. Fields become a null-prototype
 * object (a repeated field an array), so no field name reaches an object's prototype.
 */
export function registerFormBodies(app: FastifyInstance): void {
  app.addContentTypeParser(FORM_TYPE, { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT }, (req, body, done) => {
    if (!(req.routeOptions.config as { form?: boolean } | undefined)?.form) {
      done(new HttpError(415, 'unprocessable', 'Send the request body as JSON.'), undefined);
      return;
    }
    const fields: Record<string, string | string[]> = Object.create(null);
    for (const [key, value] of new URLSearchParams(body as string)) {
      const had = fields[key];
      fields[key] = had === undefined ? value : Array.isArray(had) ? [...had, value] : [had, value];
    }
    done(null, fields);
  });
}
