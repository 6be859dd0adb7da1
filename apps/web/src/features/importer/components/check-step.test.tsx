import { P } from '@atelier/contracts';
import { screen } from '@testing-library/react';
import { Route } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderSignedIn } from '../../../../test/render-signed-in';
import { importDocument } from '../import-document.fixture';
import { CheckStep } from './check-step';

const checked = { rows: 12, created: 9, updated: 1, skipped: 0, failed: 0 };
const renderStep = (doc = importDocument()) =>
  renderSignedIn(<Route path="*" element={<CheckStep doc={doc} />} />, { codes: [P.VIEW_IMPORTER_DOCUMENTS] });

describe('the check step', () => {
  it('says nothing can be imported while the check found errors, and where they are', () => {
    const doc = importDocument({ status: 'checked', checked, errorCount: 2 });
    renderStep(doc);
    expect(screen.getByText('Would create').previousElementSibling?.textContent).toBe('9');
    expect(screen.getByText('Nothing can be imported until these are fixed')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See the 2 errors' }).getAttribute('href')).toBe(
      `/p/importer/product/${doc._id}/errors`,
    );
    expect(screen.getByRole('link', { name: 'Download errors (CSV)' })).toBeTruthy();
  });

  it('shows a clean check’s counts alone', () => {
    renderStep(importDocument({ status: 'checked', checked }));
    expect(screen.getByText('Errors').previousElementSibling?.textContent).toBe('0');
    expect(screen.queryByText('Nothing can be imported until these are fixed')).toBeNull();
  });
});
