import type { ImportDocument, ImportError, ImportKind } from '@atelier/contracts';
import { expect } from 'vitest';
import { call, type TestApp } from '../../../test/helpers';

/**
 * What the importer's tests do through the API, as its pages do: upload a file, check it, run
 * it (waiting for the work to end), read its errors. `cookie` is the signed-in person's,
 * read when called (a test signs in after the kit is made).
 */
export function importerKit(t: () => TestApp, cookie: () => string) {
  const api = (method: string, url: string, body?: unknown, as = cookie()) =>
    call(t().app, { method, url: `/api/v1${url}`, cookie: as, ...(body === undefined ? {} : { body }) });
  const upload = (file: string | Buffer, kind: ImportKind = 'product', name = 'list.csv', as = cookie()) =>
    t().app.inject({
      method: 'POST',
      url: `/api/v1/imports?kind=${kind}&name=${encodeURIComponent(name)}`,
      headers: { cookie: as, 'content-type': 'text/csv' },
      payload: file,
    });
  /** Uploads a file that must be accepted: its new document. */
  const uploaded = async (csv: string, kind: ImportKind = 'product'): Promise<ImportDocument> => {
    const r = await upload(csv, kind, `${kind}.csv`);
    expect(r.statusCode, r.body).toBe(201);
    return r.json();
  };
  /** Starts a check or a run and waits for it to end; gives the document as it ended. */
  const step = async (doc: ImportDocument, mode: 'check' | 'run', as = cookie()): Promise<ImportDocument> => {
    const started = await api('POST', `/imports/${doc._id}/${mode}`, { version: doc.version }, as);
    expect(started.statusCode, started.body).toBe(202);
    await t().app.deps.background.idle();
    return (await api('GET', `/imports/${doc._id}`, undefined, as)).json();
  };
  /** The first page of a document's errors. */
  const errorsOf = async (doc: ImportDocument): Promise<ImportError[]> =>
    (await api('GET', `/imports/${doc._id}/errors`)).json().items;
  return { api, upload, uploaded, step, errorsOf };
}
