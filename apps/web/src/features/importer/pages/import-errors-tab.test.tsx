import { type ImportError, P } from '@atelier/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Outlet, Route } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderSignedIn } from '../../../../test/render-signed-in';
import { importDocument } from '../import-document.fixture';
import ImportErrorsTab from './import-errors-tab';

const doc = importDocument({ status: 'checked', errorCount: 3 });
const error = (row: number): ImportError => ({ row, column: 'Retail', value: 'abc', message: 'Enter an amount.' });

/** The server's pages of errors, by the cursor asked for. */
function serve(pages: Record<string, { items: ImportError[]; total: number; next: string | null }>) {
  vi.stubGlobal('fetch', async (url: string) => {
    const cursor = new URL(url, 'http://app').searchParams.get('cursor') ?? '';
    return new Response(JSON.stringify(pages[cursor]), { status: 200 });
  });
}

// The tab gets its document from the record page above it.
const renderTab = () =>
  renderSignedIn(
    <Route element={<Outlet context={{ record: doc, path: `/imports/${doc._id}` }} />}>
      <Route path="*" element={<ImportErrorsTab />} />
    </Route>,
    { codes: [P.VIEW_IMPORTER_DOCUMENTS] },
  );

afterEach(() => vi.unstubAllGlobals());

describe('an import’s errors', () => {
  it('lists them by row, with more on request, and the CSV of them all', async () => {
    serve({
      '': { items: [error(2), error(5)], total: 3, next: 'c1' },
      c1: { items: [error(9)], total: 3, next: null },
    });
    const user = userEvent.setup();
    renderTab();
    expect(await screen.findByText('3 errors; the row is its line in the file.')).toBeTruthy();
    const rows = () => within(screen.getByRole('table')).getAllByRole('row').slice(1);
    expect(rows().map((r) => within(r).getAllByRole('cell')[0]?.textContent)).toEqual(['2', '5']);
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await screen.findByText('9');
    expect(rows()).toHaveLength(3);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Download errors (CSV)' }).getAttribute('href')).toBe(
      `/api/v1/imports/${doc._id}/errors.csv`,
    );
  });

  it('says when there are none', async () => {
    serve({ '': { items: [], total: 0, next: null } });
    renderTab();
    expect(await screen.findByText('No errors.')).toBeTruthy();
  });
});
