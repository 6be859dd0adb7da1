import { IMPORT_KIND_INFO, IMPORT_KINDS, P } from '@atelier/contracts';
import { screen } from '@testing-library/react';
import { Route } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderSignedIn } from '../../../../test/render-signed-in';
import { NewImportCards } from './new-import-cards';

const renderCards = (codes: number[]) => renderSignedIn(<Route path="*" element={<NewImportCards />} />, { codes });

describe('the new import cards', () => {
  it('offer every kind to someone holding every import code, each at its own page', () => {
    renderCards([
      P.IMPORT_PRODUCTS,
      P.IMPORT_MATERIALS,
      P.IMPORT_VENDORS,
      P.IMPORT_CATEGORIES,
      P.IMPORT_COLLECTIONS,
      P.INVENTORY_POLICIES,
      P.MODIFY_USERS,
      P.MODIFY_COMPANIES,
      P.IMPORT_TAGS,
    ]);
    const hrefs = screen.getAllByRole('link').map((link) => link.getAttribute('href'));
    // The spec names the tags' page without /new.
    expect(hrefs).toEqual(
      IMPORT_KINDS.map(
        (kind) =>
          `/p/importer/${IMPORT_KIND_INFO[kind].segment}${IMPORT_KIND_INFO[kind].uploadAtSegment ? '' : '/new'}`,
      ),
    );
  });

  it('offer a vendor’s price list with the vendors, by the same code', () => {
    renderCards([P.IMPORT_VENDORS]);
    expect(screen.getAllByRole('link')).toHaveLength(2);
    const card = screen.getByRole('link', { name: /^Import vendor items/ });
    expect(card.getAttribute('href')).toBe('/p/importer/price-lists/new');
    expect(card.textContent).toContain('matched by vendor SKU');
  });
});
