import { IMPORT_KIND_INFO, P } from '@atelier/contracts';
import { screen, within } from '@testing-library/react';
import { Route } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderSignedIn } from '../../../../test/render-signed-in';
import { ImportNewPage } from './import-new-page';

const renderAt = (path: string, codes: number[]) =>
  renderSignedIn(<Route path="/p/importer/:segment/new" element={<ImportNewPage />} />, { path, codes });

/** The rows of the table of columns a file may have. */
const fieldRows = () => within(screen.getByRole('table')).getAllByRole('row').slice(1);
/** A column's row, by its label. */
const rowOf = (label: string) => fieldRows().find((row) => within(row).queryByText(label, { exact: true }))!;

describe('the new import page', () => {
  it('shows the columns a products file may have: which are required, and what each holds', () => {
    renderAt('/p/importer/product/new', [P.IMPORT_PRODUCTS]);
    expect(screen.getByRole('heading', { level: 1, name: 'Import products' })).toBeTruthy();
    expect(fieldRows()).toHaveLength(IMPORT_KIND_INFO.product.fields.length);
    // A field's own hint, else what its type takes.
    expect(within(rowOf('SKU')).getByText('Required')).toBeTruthy();
    expect(within(rowOf('SKU')).getByText(IMPORT_KIND_INFO.product.fields[0]!.hint!)).toBeTruthy();
    expect(within(rowOf('Name')).getByText('Required')).toBeTruthy();
    expect(within(rowOf('Price')).getByText('Optional')).toBeTruthy();
    expect(within(rowOf('Price')).getByText('An amount in dollars, like 1,234.50.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Choose file' })).toBeTruthy();
  });

  it('shows the categories’ own columns at their segment', () => {
    renderAt('/p/importer/categories/new', [P.IMPORT_CATEGORIES]);
    expect(screen.getByRole('heading', { level: 1, name: 'Import categories' })).toBeTruthy();
    expect(fieldRows()).toHaveLength(2);
    expect(within(rowOf('Category')).getByText('Required')).toBeTruthy();
    expect(within(rowOf('Description')).getByText('Optional')).toBeTruthy();
  });

  it('takes a vendor’s price list at its segment, by the vendors’ import code', () => {
    renderAt('/p/importer/price-lists/new', [P.IMPORT_VENDORS]);
    expect(screen.getByRole('heading', { level: 1, name: 'Import vendor items' })).toBeTruthy();
    expect(fieldRows()).toHaveLength(IMPORT_KIND_INFO.price_list.fields.length);
    expect(within(rowOf('Vendor SKU')).getByText('Required')).toBeTruthy();
  });

  it('is refused without the kind’s import code', () => {
    renderAt('/p/importer/product/new', [P.IMPORT_CATEGORIES, P.VIEW_IMPORTER_DOCUMENTS]);
    expect(screen.getByText('No access')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Choose file' })).toBeNull();
  });

  it('says so for a segment nothing is imported at', () => {
    renderAt('/p/importer/invoices/new', [P.IMPORT_PRODUCTS]);
    expect(screen.getByText('Nothing is imported here')).toBeTruthy();
  });
});
