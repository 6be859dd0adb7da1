import {
  type BulkAction,
  bulkActionSchema,
  bulkResultSchema,
  duplicateMatchSchema,
  EXPORT_FORMATS,
  KIND_ROUTES,
  type KindRoute,
  kindHas,
  LIST_PAGE_MAX,
  type ListQuery,
  listPageSchema,
  listQuerySchema,
  listQuerySchemaUpTo,
  type RecordMeta,
  schemasOf,
  withVersion,
} from '@atelier/contracts';
import { z } from 'zod';
import type { Executor } from '../../db/client';
import { type Actor, permission } from '../http/access';
import { idParams } from '../http/params';
import { type AnyRoute, defineRoute } from '../http/routes';
import { idempotencyKeyOf, onceFor } from '../idempotency/idempotency';
import { type CsvColumn, EXPORT_TYPES, exportList } from '../lists/export';
import { type ListSpec, listPage } from '../lists/list';
import { type EntityKind, hiddenFields, withoutFields } from './entities';
import type { RecordTable, RecordType } from './lifecycle';
import { recordSubRoutes } from './record-routes';

const duplicateQuery = z.object({
  name: z.string().max(160).optional(),
  email: z.string().max(254).optional(),
  phone: z.string().max(40).optional(),
  exclude: z.string().optional(),
});

/** What a record type's module provides; `recordRoutes` turns it into the standard API. */
export type RecordCrud<Input extends z.ZodObject, Row extends { _id: string }> = {
  kind: EntityKind;
  input: Input;
  list: (actor: Actor) => ListSpec<Row>;
  /** A list answer that names its rows otherwise (`listRows`): what else it says, and its schema. */
  listAnswer?: { schema: z.ZodType; extra: (db: Executor, actor: Actor) => Promise<Record<string, unknown>> };
  csvColumns: CsvColumn<Row>[];
  // Kinds without one of these do not have its route: employees are invited, not created, and
  // are deactivated rather than archived (their module adds those routes itself).
  create?: (db: Executor, actor: Actor, input: z.output<Input>) => Promise<unknown>;
  get: (db: Executor, actor: Actor, id: string) => Promise<unknown>;
  update: (db: Executor, actor: Actor, id: string, input: z.output<Input> & { version: number }) => Promise<unknown>;
  remove?: (db: Executor, actor: Actor, id: string) => Promise<unknown>;
  bulk?: (db: Executor, actor: Actor, action: BulkAction) => Promise<unknown>;
  duplicates?: (db: Executor, query: z.output<typeof duplicateQuery>) => Promise<unknown>;
  /** Changes of state, `POST /{path}/{id}/{name}`, each under the kind's modify or remove code. */
  transitions?: {
    name: string;
    code: 'modify' | 'remove';
    /** What the request says beyond the record, and the answer when it is more than the record. */
    body?: z.ZodObject;
    response?: z.ZodType;
    run: (db: Executor, actor: Actor, id: string, body: unknown) => Promise<unknown>;
  }[];
};

/** The API of a kind whose lifecycle the platform runs (platform/records/lifecycle). */
export function recordTypeRoutes<
  T extends RecordTable,
  S extends z.ZodObject,
  Detail extends RecordMeta,
  Row extends { _id: string },
>(type: RecordType<T, S, Detail, Row>): AnyRoute[] {
  const declared = type.spec.kind;
  // Only the routes its declaration gives it (employees are invited, not created).
  const has = (route: KindRoute) => kindHas(declared, route);
  return recordRoutes({
    kind: type.entity,
    input: type.spec.input,
    list: type.listFor,
    ...(type.spec.listAnswer ? { listAnswer: type.spec.listAnswer } : {}),
    csvColumns: type.csv,
    get: type.get,
    update: type.update,
    ...(has('create') ? { create: type.create } : {}),
    ...(has('delete') ? { remove: type.remove } : {}),
    ...(has('bulk') ? { bulk: type.bulk } : {}),
    ...(type.duplicates ? { duplicates: type.duplicates } : {}),
    transitions: Object.entries(type.transitions).map(([name, step]) => ({
      name,
      code: step.code ?? 'modify',
      ...(step.body ? { body: step.body } : {}),
      ...(step.answer ? { response: step.answer.schema } : {}),
      run: async (db, actor, id, body) => {
        const { record, effects } = await type.transition(db, actor, id, name, body);
        return step.answer ? step.answer.of(shownTo(actor, type.entity, record), effects) : record;
      },
    })),
  });
}

/**
 * What a kind's routes answer, from the schemas of its declaration (`KIND_SCHEMAS`): a record,
 * and a list page of rows. Fields behind a further code are left out for those without it, so
 * they are optional in the answer.
 */
function declaredResponses(kind: EntityKind): { detail?: z.ZodType; list?: z.ZodType } {
  const schemas = schemasOf(kind.declared);
  const gated = (schema: z.ZodObject) =>
    schema.extend(
      Object.fromEntries(
        Object.keys(kind.fieldCodes ?? {}).flatMap((field) => {
          const shape = schema.shape[field];
          return shape ? [[field, shape.optional()]] : [];
        }),
      ),
    );
  return { detail: gated(schemas.detail), list: listPageSchema(gated(schemas.row)) };
}

/** The route(s) made from `part` when the module provides it, none otherwise. */
function optional<T>(part: T | undefined, make: (part: T) => AnyRoute | AnyRoute[]): AnyRoute[] {
  return part === undefined ? [] : [make(part)].flat();
}

/**
 * The API every record type has, under `/{path}`: the list (paged, sorted, searched, filtered),
 * create, duplicates, bulk actions, CSV export, read, update, archive, restore, delete, and the
 * record's interactions, files, logs and activities. Modules add their own routes beside these.
 */
export function recordRoutes<Input extends z.ZodObject, Row extends { _id: string }>(
  crud: RecordCrud<Input, Row>,
): AnyRoute[] {
  const base = `/${crud.kind.path}`;
  const { declared } = crud.kind;
  // The declaration says which routes the kind has; a module that offers otherwise is a mistake.
  const offered: Record<KindRoute, boolean> = {
    create: Boolean(crud.create),
    archive: Boolean(crud.transitions?.some((step) => step.name === 'archive')),
    delete: Boolean(crud.remove),
    bulk: Boolean(crud.bulk),
    export: kindHas(declared, 'export'),
  };
  const shown = (actor: Actor, record: unknown) => shownTo(actor, crud.kind, record);
  for (const route of KIND_ROUTES)
    if (offered[route] !== kindHas(declared, route))
      throw new Error(`The ${declared.key} kind's ${route} route is ${offered[route] ? 'not declared' : 'missing'}.`);
  // A gated module's records need the module on every route, not only its permission.
  const modify = permission(crud.kind.permission, crud.kind.feature);
  const { codes, noun, plural } = crud.kind.declared;
  const remove = permission(codes.remove, crud.kind.feature);
  const answers = declaredResponses(crud.kind);
  return [
    defineRoute({
      method: 'GET',
      url: base,
      summary: `List ${plural}`,
      access: modify,
      query: listQuerySchemaUpTo(declared.pageMax ?? LIST_PAGE_MAX),
      response: crud.listAnswer?.schema ?? answers.list,
      handler: async ({ db, actor, query }) => {
        const { items, ...page } = await listPage(db, crud.list(actor), query);
        const rows = withoutFields(items, hiddenFields(actor, crud.kind) ?? []);
        // The spec's task list answers `{tasks, statuses}`: its rows by their name, and what else it says.
        if (!declared.listRows) return { ...page, items: rows };
        return { [declared.listRows]: rows, ...page, ...(await crud.listAnswer?.extra(db, actor)) };
      },
    }),
    ...optional(crud.create, (create) =>
      defineRoute({
        method: 'POST',
        url: base,
        summary: `Create ${article(noun)}`,
        access: modify,
        status: 201,
        body: crud.input,
        response: answers.detail,
        // A create sent with an Idempotency-Key happens once: a retry answers the record the first made.
        handler: async ({ db, actor, body, req, reply }) => {
          const key = idempotencyKeyOf(req.headers);
          if (!key) return shown(actor, await create(db, actor, body as z.output<Input>));
          const made = await onceFor(db, actor.firmId, declared.key, key, body, async () => {
            const record = (await create(db, actor, body as z.output<Input>)) as { _id: string };
            return record._id;
          });
          if (made.replayed) reply.header('idempotent-replayed', 'true');
          return shown(actor, await crud.get(db, actor, made.id));
        },
      }),
    ),
    ...optional(crud.duplicates, (duplicates) =>
      defineRoute({
        method: 'GET',
        url: `${base}/duplicates`,
        summary: `Find ${plural} like the one being entered`,
        access: modify,
        query: duplicateQuery,
        response: z.array(duplicateMatchSchema),
        handler: ({ db, query }) => duplicates(db, query),
      }),
    ),
    ...optional(crud.bulk, (bulk) =>
      defineRoute({
        method: 'POST',
        url: `${base}/bulk`,
        summary: `Archive, restore or assign many ${plural}`,
        access: modify,
        body: bulkActionSchema,
        response: bulkResultSchema,
        handler: ({ db, actor, body }) => bulk(db, actor, body),
      }),
    ),
    ...optional(offered.export || undefined, () =>
      defineRoute({
        method: 'GET',
        url: `${base}/export`,
        summary: `Export ${plural} as CSV or XLSX`,
        access: permission(codes.export, crud.kind.feature),
        produces: Object.values(EXPORT_TYPES),
        stream: true,
        query: listQuerySchema.extend({
          format: z.enum(EXPORT_FORMATS, { error: 'Exports are CSV or XLSX files.' }).default('csv'),
        }),
        handler: async ({ actor, query, scoped, reply }) =>
          exportList({
            actor,
            viewPermission: crud.kind.permission,
            spec: crud.list(actor),
            query: query as ListQuery,
            columns: crud.csvColumns,
            hidden: hiddenFields(actor, crud.kind) ?? [],
            // "accounts-2026-11-21.csv"
            fileName: crud.kind.declared.plural,
            format: query.format,
            scoped,
            reply,
          }),
      }),
    ),
    defineRoute({
      method: 'GET',
      url: `${base}/:id`,
      summary: `Read ${article(noun)}`,
      access: modify,
      params: idParams,
      response: answers.detail,
      handler: async ({ db, actor, params }) => shown(actor, await crud.get(db, actor, params.id)),
    }),
    defineRoute({
      method: 'PUT',
      url: `${base}/:id`,
      summary: `Edit ${article(noun)}`,
      access: modify,
      params: idParams,
      response: answers.detail,
      // The version the edit was made on is required: the update applies only to that version.
      body: withVersion(crud.input),
      handler: async ({ db, actor, params, body }) =>
        shown(actor, await crud.update(db, actor, params.id, body as z.output<Input> & { version: number })),
    }),
    ...(crud.transitions ?? []).map((step) =>
      defineRoute({
        method: 'POST',
        url: `${base}/:id/${step.name}`,
        summary: `${step.name[0]!.toUpperCase()}${step.name.slice(1)} ${article(noun)}`,
        access: step.code === 'remove' ? remove : modify,
        params: idParams,
        ...(step.body ? { body: step.body } : {}),
        response: step.response ?? answers.detail,
        handler: async ({ db, actor, params, body }) => shown(actor, await step.run(db, actor, params.id, body)),
      }),
    ),
    ...optional(crud.remove, (removeOne) =>
      defineRoute({
        method: 'DELETE',
        url: `${base}/:id`,
        summary: `Delete ${article(noun)}`,
        access: remove,
        status: 204,
        params: idParams,
        handler: ({ db, actor, params }) => removeOne(db, actor, params.id),
      }),
    ),
    ...recordSubRoutes(crud.kind),
  ];
}

/** A record's fields behind a further code (an employee's pay) leave every response for those without it. */
const shownTo = (actor: Actor, kind: EntityKind, record: unknown) =>
  record && typeof record === 'object' ? withoutFields([record as object], hiddenFields(actor, kind) ?? [])[0] : record;

/** "an ambassador", "a lead". */
const article = (noun: string) => `${/^[aeiou]/i.test(noun) ? 'an' : 'a'} ${noun}`;
