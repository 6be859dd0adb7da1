import { Readable } from 'node:stream';
import {
  IMPORT_KINDS,
  importErrorPageSchema,
  importImageFailuresSchema,
  importMappingInputSchema,
  importSchema,
  KINDS,
  UPLOAD_POLICIES,
} from '@atelier/contracts';
import { z } from 'zod';
import { uploadHeaders, uploadQuery } from '../../platform/files/files.routes';
import { safeFileName } from '../../platform/files/files.service';
import { permission } from '../../platform/http/access';
import { attachment } from '../../platform/http/content-disposition';
import { idParams } from '../../platform/http/params';
import { type AnyRoute, defineRoute } from '../../platform/http/routes';
import { csvLine } from '../../platform/lists/csv';
import { recordTypeRoutes } from '../../platform/records/crud-routes';
import { cancelImport, createImport, saveMapping, startImport } from './importer.flow';
import { errorPage, imageFailures, importType } from './importer.service';

const kind = KINDS.import;
// Every importer route needs the documents' code (48); the service adds the kind's import code.
const view = permission(kind.codes.modify);
const versionBody = z.strictObject({ version: z.number({ error: 'Send the version you saw.' }).int() });

export const importerRoutes: AnyRoute[] = [
  ...recordTypeRoutes(importType),
  defineRoute({
    method: 'POST',
    url: kind.apiPath,
    summary: 'Upload a CSV or XLSX file to import (the body is its bytes): opens its importer document',
    access: view,
    status: 201,
    stream: true,
    unsupportedType: UPLOAD_POLICIES.import.wrongType,
    query: uploadQuery.extend({ kind: z.enum(IMPORT_KINDS, { error: 'Choose what the file holds.' }) }),
    response: importSchema,
    handler: ({ scoped, actor, deps, query, req }) =>
      createImport(scoped, actor, deps, {
        kind: query.kind,
        uploadId: query.upload,
        name: safeFileName(query.name),
        ...uploadHeaders(req),
      }),
  }),
  defineRoute({
    method: 'PUT',
    url: `${kind.apiPath}/:id/mapping`,
    summary: 'Map the file’s columns to fields, and choose how rows are matched and numbers read',
    access: view,
    stream: true,
    params: idParams,
    body: importMappingInputSchema,
    response: importSchema,
    handler: ({ scoped, actor, deps, params, body }) => saveMapping(scoped, actor, deps, params.id, body),
  }),
  ...(['check', 'run'] as const).map((mode) =>
    defineRoute({
      method: 'POST',
      url: `${kind.apiPath}/:id/${mode}`,
      summary:
        mode === 'check'
          ? 'Check every row (a dry run: nothing is written); progress on the socket'
          : 'Import every row, all or nothing; progress on the socket',
      access: view,
      status: 202,
      // The work starts once the document's new state has committed.
      stream: true,
      params: idParams,
      body: versionBody,
      response: importSchema,
      handler: ({ scoped, actor, deps, params, body }) =>
        startImport(scoped, actor, deps, params.id, body.version, mode),
    }),
  ),
  defineRoute({
    method: 'POST',
    url: `${kind.apiPath}/:id/cancel`,
    summary: 'Stop a check or an import under way (nothing is written)',
    access: view,
    params: idParams,
    body: versionBody,
    response: importSchema,
    stream: true,
    handler: ({ scoped, actor, params, body }) => cancelImport(scoped, actor, params.id, body.version),
  }),
  defineRoute({
    method: 'GET',
    url: `${kind.apiPath}/:id/errors`,
    summary: 'The problems the last check or run found, in the file’s order',
    access: view,
    params: idParams,
    query: z.object({
      limit: z.coerce.number().int().min(1).max(500).default(100),
      cursor: z.coerce.number().int().min(0).default(0),
    }),
    response: importErrorPageSchema,
    handler: async ({ db, actor, params, query }) => {
      await importType.get(db, actor, params.id);
      return errorPage(db, params.id, query.limit, query.cursor);
    },
  }),
  defineRoute({
    method: 'GET',
    url: `${kind.apiPath}/:id/images`,
    summary: 'The image URLs that could not be added to their products, and why',
    access: view,
    params: idParams,
    response: importImageFailuresSchema,
    handler: async ({ db, actor, params }) => {
      await importType.get(db, actor, params.id);
      return imageFailures(db, params.id);
    },
  }),
  defineRoute({
    method: 'GET',
    url: `${kind.apiPath}/:id/errors.csv`,
    summary: 'The error report as CSV: row, column, value, message',
    access: view,
    produces: 'text/csv',
    stream: true,
    params: idParams,
    handler: async ({ scoped, actor, params, reply }) => {
      const document = await scoped((tx) => importType.get(tx, actor, params.id));
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', attachment(`import-${document.number}-errors.csv`));
      async function* lines() {
        yield `\uFEFF${csvLine(['Row', 'Column', 'Value', 'Message'])}`;
        for (let cursor = 0; ; ) {
          const page = await scoped((tx) => errorPage(tx, params.id, 5000, cursor));
          for (const e of page.items) yield csvLine([e.row, e.column, e.value, e.message]);
          if (!page.next) return;
          cursor = Number(page.next);
        }
      }
      return Readable.from(lines());
    },
  }),
];
