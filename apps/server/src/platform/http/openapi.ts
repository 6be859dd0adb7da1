import { errorBodySchema, featureLabel, permissionLabel } from '@atelier/contracts';
import { z } from 'zod';
import { SESSION_COOKIE } from '../auth/cookies';
import type { Access } from './access';
import { type AnyRoute, fullPath } from './routes';

/**
 * The API's OpenAPI 3.1 document, generated from the routes themselves (decision 0019): each
 * route's params, query and body schemas become its parameters and request body, its `response`
 * schema its success answer, and its access its security and description. Nothing here is
 * written by hand per route, so the document cannot drift from what the server checks.
 */

type Json = Record<string, unknown>;
export type OpenApiDocument = {
  openapi: '3.1.0';
  info: { title: string; version: string; description: string };
  tags: { name: string }[];
  paths: Record<string, Record<string, Json>>;
  components: { schemas: Record<string, Json>; responses: Record<string, Json>; securitySchemes: Record<string, Json> };
};

const ref = (kind: 'schemas' | 'responses', name: string) => ({ $ref: `#/components/${kind}/${name}` });

/** The error answers every route may give, each with the one error body. */
const ERRORS = {
  400: ['BadRequest', 'The request is not valid: `fields` maps each wrong field to what is wrong with it.'],
  401: ['Unauthenticated', 'No session or API key, the session has expired, or the key is not valid.'],
  403: ['Forbidden', 'Signed in, but without the permission or module this needs (or a request from another site).'],
  404: ['NotFound', 'No such record in your firm.'],
  409: ['Conflict', 'The record changed since it was read (a stale `version`), or the change is not possible now.'],
  429: ['RateLimited', 'Too many requests: wait as `Retry-After` says.'],
  503: ['Unavailable', 'The database is not answering: try again shortly.'],
} as const;

export function buildOpenApiDocument(routes: readonly AnyRoute[]): OpenApiDocument {
  const schemas: Record<string, Json> = {};
  const paths: OpenApiDocument['paths'] = {};
  const tags = new Set<string>();
  const operationIds = new Set<string>();

  /**
   * A zod schema as JSON Schema 2020-12 (what OpenAPI 3.1 speaks): `input` for what a request may
   * send, `output` for what an answer holds. What JSON Schema cannot say (a transform, a
   * refinement) becomes `{}` instead of throwing. Definitions zod puts in `$defs` (a recursive
   * or `meta({ id })` schema) move to the document's components, and their `$ref`s with them.
   */
  const embed = (schema: z.ZodType, io: 'input' | 'output', name: string): Json => {
    const {
      $schema: _,
      $defs = {},
      ...root
    } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Json & {
      $defs?: Record<string, Json>;
    };
    const renamed = new Map<string, string>([['#', `#/components/schemas/${name}`]]);
    for (const key of Object.keys($defs)) {
      const target = key.startsWith('__') ? `${name}${key}` : io === 'input' ? `${key}Input` : key;
      renamed.set(`#/$defs/${key}`, `#/components/schemas/${target}`);
    }
    const rewrite = (value: unknown): unknown =>
      Array.isArray(value)
        ? value.map(rewrite)
        : value && typeof value === 'object'
          ? Object.fromEntries(
              Object.entries(value).map(([k, v]) => [
                k,
                k === '$ref' && typeof v === 'string' ? (renamed.get(v) ?? v) : rewrite(v),
              ]),
            )
          : value;
    for (const [key, def] of Object.entries($defs)) {
      schemas[renamed.get(`#/$defs/${key}`)!.split('/').pop()!] = rewrite(def) as Json;
    }
    const body = rewrite(root) as Json;
    // A schema that refers to itself (`$ref: "#"`) lives in the components under its own name.
    if (!JSON.stringify(body).includes(`"#/components/schemas/${name}"`)) return body;
    schemas[name] = body;
    return ref('schemas', name);
  };

  for (const route of routes) {
    // Pages outside /api/v1 (the store's, drawn as HTML) are for browsers, not the API's document.
    if (route.root) continue;
    const method = route.method.toString().toLowerCase();
    // Fastify's `/ambassadors/:id` is OpenAPI's `/ambassadors/{id}`; a trailing slash is ignored.
    const path = fullPath(route)
      .replace(/:(\w+)/g, '{$1}')
      .replace(/(.)\/$/, '$1');
    const tag = path.replace(/^\/api\/v1/, '').split('/')[1] || 'api';
    tags.add(tag);
    const id = uniqueId(operationIds, method, path);

    const parameters: Json[] = [];
    const paramProps = properties(route.params && embed(route.params, 'input', `${id}.params`));
    for (const [, name] of route.url.matchAll(/:(\w+)/g)) {
      parameters.push({ name, in: 'path', required: true, schema: paramProps.schemas[name!] ?? { type: 'string' } });
    }
    const query = properties(route.query && embed(route.query, 'input', `${id}.query`));
    for (const [name, schema] of Object.entries(query.schemas)) {
      const object = (schema as Json).type === 'object';
      parameters.push({
        name,
        in: 'query',
        required: query.required.includes(name),
        schema,
        // Objects travel as bracketed keys, lists with `[]`: `filter[status][]=active`.
        ...(object
          ? { style: 'deepObject', explode: true, example: {}, description: `As \`${name}[key][]=value\`.` }
          : {}),
      });
    }

    const status = route.status ?? 200;
    const success: Json =
      status === 204
        ? { description: 'Done: no content.' }
        : route.produces
          ? {
              description: 'Success.',
              content: Object.fromEntries(
                [route.produces].flat().map((type) => [type, { schema: { type: 'string', format: 'binary' } }]),
              ),
            }
          : {
              description: route.response ? 'Success.' : 'Success (a JSON body this route does not describe yet).',
              content: { 'application/json': { schema: route.response ? embed(route.response, 'output', id) : {} } },
            };
    // 401 and 403 come from reading a session or a key: routes that read neither give neither.
    const guarded = route.access.kind !== 'public' || Boolean(route.access.session);
    const errors = Object.entries(ERRORS)
      .filter(([code]) => guarded || (code !== '401' && code !== '403'))
      .map(([code, [name]]) => [code, ref('responses', name)]);

    paths[path] ??= {};
    paths[path][method] = {
      operationId: id,
      tags: [tag],
      summary: route.summary ?? `${route.method} ${path.replace(/^\/api\/v1/, '')}`,
      description: describe(route.access),
      'x-access': route.access,
      security: security(route.access),
      ...(parameters.length ? { parameters } : {}),
      ...requestBody(route, (schema) => embed(schema, 'input', `${id}.body`)),
      responses: { [status]: success, ...Object.fromEntries(errors) },
    };
  }

  return {
    openapi: '3.1.0',
    info: {
      title: 'Atelier API',
      version: '1',
      description:
        'Every route of the server, generated from its declaration. Sign in with `PUT /api/v1/auth` ' +
        `(the \`${SESSION_COOKIE}\` cookie), or send an API key. Errors are \`{ error: { code, message, fields? } }\`.`,
    },
    tags: [...tags].sort().map((name) => ({ name })),
    paths,
    components: {
      schemas: { ...schemas, Error: embed(errorBodySchema, 'output', 'Error') },
      responses: Object.fromEntries(
        Object.values(ERRORS).map(([name, description]) => [
          name,
          { description, content: { 'application/json': { schema: ref('schemas', 'Error') } } },
        ]),
      ),
      securitySchemes: {
        session: {
          type: 'apiKey',
          in: 'cookie',
          name: SESSION_COOKIE,
          description: 'The session cookie signing in sets.',
        },
        bearer: { type: 'http', scheme: 'bearer', description: 'API key, sent as `Authorization: Bearer <key>`.' },
      },
    },
  };
}

/** A JSON Schema object's properties and required names (none for anything else). */
function properties(schema: Json | undefined): { schemas: Record<string, Json>; required: string[] } {
  return {
    schemas: (schema?.properties as Record<string, Json> | undefined) ?? {},
    required: (schema?.required as string[] | undefined) ?? [],
  };
}

/** JSON for a declared body; the raw bytes of a file for an upload (a `stream` route). */
function requestBody(route: AnyRoute, embed: (schema: z.ZodType) => Json): Json {
  if (route.body) {
    // A body whose schema takes nothing at all (`.default()` at the top) may be left out.
    const required = !route.body.safeParse(undefined).success;
    return { requestBody: { required, content: { 'application/json': { schema: embed(route.body) } } } };
  }
  if (route.stream && route.method !== 'GET') {
    return {
      requestBody: {
        required: true,
        description: `The file's bytes, with its own Content-Type. ${route.unsupportedType ?? ''}`.trim(),
        content: {
          'application/octet-stream': { schema: { type: 'string', contentMediaType: 'application/octet-stream' } },
        },
      },
    };
  }
  return {};
}

/** Who may call it, as a sentence: the permission code and the module, by number and by name. */
function describe(access: Access): string {
  if (access.kind === 'public')
    return access.session ? 'Public; reads the session when there is one.' : 'Public: no session needed.';
  if (access.kind === 'signed-in') return 'Any signed-in user.';
  const code = `Needs permission ${access.code} (${permissionLabel(access.code)})`;
  return access.feature
    ? `${code}, and the ${featureLabel(access.feature)} module (\`${access.feature}\`) enabled for the firm.`
    : `${code}.`;
}

/** Public routes need nothing (an optional session or key is still read); the rest one of them. */
function security(access: Access): Json[] {
  const either = [{ session: [] }, { bearer: [] }];
  if (access.kind !== 'public') return either;
  return access.session ? [{}, ...either] : [];
}

/** `getAmbassadorsById`: the method and the path's words, numbered again if ever taken. */
function uniqueId(taken: Set<string>, method: string, path: string): string {
  const words = path
    .replace(/^\/api\/v1/, '')
    .split(/[/\-_.]/)
    .filter(Boolean)
    .map((w) => (w.startsWith('{') ? `By${cap(w.slice(1, -1))}` : cap(w)));
  const base = `${method}${words.join('')}`;
  let id = base;
  for (let n = 2; taken.has(id); n++) id = `${base}${n}`;
  taken.add(id);
  return id;
}

const cap = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);
