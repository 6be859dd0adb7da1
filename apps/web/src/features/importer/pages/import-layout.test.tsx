import { P } from '@atelier/contracts';
import { screen } from '@testing-library/react';
import { Route } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderSignedIn } from '../../../../test/render-signed-in';
import { importDocument } from '../import-document.fixture';
import { ImportLayout } from './import-layout';

const doc = importDocument();

/** The server, as far as the page asks it: the document, and nothing else. */
function serve() {
  vi.stubGlobal('fetch', async (url: string) =>
    url === `/api/v1/imports/${doc._id}`
      ? new Response(JSON.stringify(doc), { status: 200, headers: { 'content-type': 'application/json' } })
      : new Response(JSON.stringify({ error: { code: 'not_found', message: 'Not found.' } }), { status: 404 }),
  );
}

// The importer's record routes as the router mounts them: the generic address and the segment's.
const routes = (
  <>
    <Route path="/p/importer/:id" element={<ImportLayout />}>
      <Route index element={<p>Details</p>} />
      <Route path="errors" element={<p>Errors</p>} />
    </Route>
    <Route path="/p/importer/:segment/:id" element={<ImportLayout />}>
      <Route index element={<p>Details</p>} />
      <Route path="errors" element={<p>Errors</p>} />
    </Route>
  </>
);
const address = () => screen.getByRole('status', { name: 'Address' }).textContent;

afterEach(() => vi.unstubAllGlobals());

describe('an import’s page', () => {
  it('is at the address the spec names, with its tabs under it', async () => {
    serve();
    renderSignedIn(routes, { path: `/p/importer/product/${doc._id}`, codes: [P.VIEW_IMPORTER_DOCUMENTS] });
    expect(await screen.findByRole('heading', { level: 1, name: 'Spring price list' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Errors' })).toBeTruthy();
    expect(address()).toBe(`/p/importer/product/${doc._id}`);
  });

  it('sends the generic address (search, logs, links) there once loaded, on the same tab', async () => {
    serve();
    renderSignedIn(routes, { path: `/p/importer/${doc._id}/errors`, codes: [P.VIEW_IMPORTER_DOCUMENTS] });
    expect(await screen.findByText('Errors', { selector: 'p' })).toBeTruthy();
    expect(address()).toBe(`/p/importer/product/${doc._id}/errors`);
  });

  it('is refused without code 48', () => {
    serve();
    renderSignedIn(routes, { path: `/p/importer/product/${doc._id}`, codes: [P.IMPORT_PRODUCTS] });
    expect(screen.getByText('No access')).toBeTruthy();
  });
});
