import { type ImportDocument, type ImportMappingInput, P } from '@atelier/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderSignedIn } from '../../../../test/render-signed-in';
import { importDocument } from '../import-document.fixture';
import { MappingStep } from './mapping-step';
import { NO_VENDOR } from './vendor-option';

const renderStep = (doc = importDocument(), codes: number[] = [P.IMPORT_PRODUCTS, P.VIEW_IMPORTER_DOCUMENTS]) =>
  renderSignedIn(<Route path="*" element={<MappingStep doc={doc} />} />, { codes });

const check = () => screen.getByRole('button', { name: 'Save and check file' }) as HTMLButtonElement;

const VENDOR = { _id: '5e6f7a8b-9c0d-4e1f-8a2b-3c4d5e6f7a8b', name: 'Hafele America' };
const PRICE_LIST_CODES = [P.IMPORT_VENDORS, P.MODIFY_VENDORS, P.VIEW_IMPORTER_DOCUMENTS];

/** A vendor's price list, mapped, with no vendor chosen yet. */
const priceList = (changes: Partial<ImportDocument> = {}) =>
  importDocument({
    kind: 'price_list',
    headings: ['Part no', 'Our SKU', 'Net price'],
    sample: [['110.34.201', 'H-110', '4.1250']],
    mapping: { vendorSku: 0, sku: 1, costCents: 2 },
    ...changes,
  });

/**
 * The server: the vendors' search and a vendor, and the mapping saved then checked (its answer the
 * document as it was). Returns the mappings sent.
 */
function serve(doc: ImportDocument) {
  const saved: ImportMappingInput[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    const { pathname } = new URL(url, 'http://app');
    const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200 });
    if (pathname === '/api/v1/vendors') return json({ items: [VENDOR], total: 1, next: null });
    if (pathname === `/api/v1/vendors/${VENDOR._id}`) return json(VENDOR);
    if (pathname.endsWith('/mapping')) saved.push(JSON.parse(String(init.body)));
    return json(doc);
  });
  return saved;
}

afterEach(() => vi.unstubAllGlobals());

describe('the mapping step', () => {
  it('marks a required field no column fills, and checks nothing until one does', async () => {
    const user = userEvent.setup();
    renderStep();
    expect(check().disabled).toBe(false);
    await user.click(screen.getByRole('combobox', { name: 'Field for the column “Title”' }));
    const list = screen.getByRole('listbox', { name: 'Field for the column “Title”' });
    await user.click(within(list).getByRole('option', { name: 'Don’t import' }));
    expect(screen.getByText('Required and not yet chosen for a column: Name.')).toBeTruthy();
    expect(check().disabled).toBe(true);
  });

  it('is read-only while the check runs, with a way to cancel it', () => {
    renderStep(importDocument({ status: 'checking' }));
    expect(screen.queryByRole('button', { name: 'Save and check file' })).toBeNull();
    expect((screen.getByRole('combobox', { name: 'Field for the column “Title”' }) as HTMLInputElement).disabled).toBe(
      true,
    );
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeTruthy();
  });

  it('is read-only for someone who may see imports but not run this kind', () => {
    renderStep(importDocument(), [P.VIEW_IMPORTER_DOCUMENTS]);
    expect(screen.queryByRole('button', { name: 'Save and check file' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
  });

  it('asks a price list for its vendor, checks nothing until one is chosen, and saves it with the mapping', async () => {
    const doc = priceList();
    const saved = serve(doc);
    const user = userEvent.setup();
    renderStep(doc, PRICE_LIST_CODES);
    expect(check().disabled).toBe(true);
    expect(screen.getByText(NO_VENDOR)).toBeTruthy();
    await user.click(screen.getByRole('combobox', { name: 'Vendor' }));
    await user.click(await screen.findByRole('option', { name: VENDOR.name }));
    expect(screen.queryByText(NO_VENDOR)).toBeNull();
    expect(check().disabled).toBe(false);
    await user.click(check());
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]?.options).toEqual({ mode: 'both', numberFormat: 'dot-comma', vendor: VENDOR._id });
  });

  it('asks a products file for no vendor', () => {
    renderStep();
    expect(screen.queryByRole('combobox', { name: 'Vendor' })).toBeNull();
    expect(screen.queryByText(NO_VENDOR)).toBeNull();
  });

  it('shows a read-only price list’s vendor by name', async () => {
    const doc = priceList({
      status: 'checking',
      options: { mode: 'both', numberFormat: 'dot-comma', vendor: VENDOR._id },
    });
    serve(doc);
    renderStep(doc, PRICE_LIST_CODES);
    const vendor = (await screen.findByDisplayValue(VENDOR.name)) as HTMLInputElement;
    expect(vendor.readOnly).toBe(true);
    expect(screen.queryByText(NO_VENDOR)).toBeNull();
  });
});
