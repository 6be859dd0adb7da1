import { P } from '@atelier/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderSignedIn } from '../../../../test/render-signed-in';
import { importDocument } from '../import-document.fixture';
import { MappingStep } from './mapping-step';

const renderStep = (doc = importDocument(), codes: number[] = [P.IMPORT_PRODUCTS, P.VIEW_IMPORTER_DOCUMENTS]) =>
  renderSignedIn(<Route path="*" element={<MappingStep doc={doc} />} />, { codes });

const check = () => screen.getByRole('button', { name: 'Save and check file' }) as HTMLButtonElement;

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
});
