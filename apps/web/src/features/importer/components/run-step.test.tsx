import { type ImportDocument, P } from '@atelier/contracts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderSignedIn } from '../../../../test/render-signed-in';
import { importDocument } from '../import-document.fixture';
import { RunStep } from './run-step';

const renderStep = (doc: ImportDocument, codes: number[] = [P.IMPORT_PRODUCTS, P.VIEW_IMPORTER_DOCUMENTS]) =>
  renderSignedIn(<Route path="*" element={<RunStep doc={doc} />} />, { codes });

const checked = { rows: 12, created: 9, updated: 3, skipped: 0, failed: 0 };

describe('the import step', () => {
  it('cannot start while the check found errors', () => {
    renderStep(importDocument({ status: 'checked', checked, errorCount: 2 }));
    const button = screen.getByRole('button', { name: 'Import 12 rows' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(screen.getByText('Fix the errors the check found first.')).toBeTruthy();
  });

  it('cannot start before the file is checked', () => {
    renderStep(importDocument({ status: 'uploaded' }));
    expect((screen.getByRole('button', { name: /^Import/ }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('Check the file first.')).toBeTruthy();
  });

  it('cannot start without the kind’s import code', () => {
    renderStep(importDocument({ status: 'checked', checked }), [P.VIEW_IMPORTER_DOCUMENTS]);
    expect((screen.getByRole('button', { name: 'Import 12 rows' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('starts from a clean check, after saying it is all or nothing', async () => {
    const user = userEvent.setup();
    renderStep(importDocument({ status: 'checked', checked }));
    await user.click(screen.getByRole('button', { name: 'Import 12 rows' }));
    const dialog = screen.getByRole('dialog', { name: 'Import 12 rows?' });
    expect(dialog.textContent).toContain('9 products will be created and 3 updated');
    expect(dialog.textContent).toContain('all or nothing');
  });

  it('shows what a finished import did, and where it went', () => {
    renderStep(
      importDocument({ status: 'done', checked, outcome: { rows: 12, created: 9, updated: 3, skipped: 0, failed: 0 } }),
    );
    expect(screen.queryByRole('button', { name: /^Import/ })).toBeNull();
    expect(screen.getByText('Created').previousElementSibling?.textContent).toBe('9');
    expect(screen.getByRole('link', { name: 'See the products' }).getAttribute('href')).toBe('/p/products');
  });

  it('leads from a vendor’s price list to that vendor’s items', () => {
    const vendor = '5e6f7a8b-9c0d-4e1f-8a2b-3c4d5e6f7a8b';
    renderStep(
      importDocument({
        kind: 'price_list',
        status: 'done',
        checked,
        outcome: checked,
        options: { mode: 'both', numberFormat: 'dot-comma', vendor },
      }),
      [P.IMPORT_VENDORS, P.VIEW_IMPORTER_DOCUMENTS],
    );
    expect(screen.getByRole('link', { name: 'See the vendor items' }).getAttribute('href')).toBe(
      `/p/vendors/${vendor}/items`,
    );
  });

  it('shows why a failed import failed, with its errors', () => {
    renderStep(importDocument({ status: 'failed', checked, errorCount: 1, message: 'Row 7: the SKU is taken.' }));
    expect(screen.getByText('Row 7: the SKU is taken.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Download errors (CSV)' }).getAttribute('href')).toBe(
      `/api/v1/imports/${importDocument()._id}/errors.csv`,
    );
  });
});
