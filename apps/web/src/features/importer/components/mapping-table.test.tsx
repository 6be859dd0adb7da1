import { IMPORT_KIND_INFO } from '@atelier/contracts';
import { MantineProvider } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import type { Mapping } from '../mapping';
import { MappingTable } from './mapping-table';

const HEADINGS = ['Item no', 'Title', 'Retail', 'Colour'];
const SAMPLE = [
  ['B-101', 'Base cabinet', '420.00', 'Oak'],
  ['B-102', 'Wall cabinet', '310.00', ''],
  ['B-103', 'Tall cabinet', '890.00', 'Walnut'],
  ['B-104', 'Drawer base', '510.00', 'Ash'],
];

/** The table as the mapping step holds it: the mapping in state, and what it became. */
function Harness({ initial }: { initial: Mapping }) {
  const [mapping, setMapping] = useState(initial);
  return (
    <MantineProvider env="test">
      <MappingTable
        fields={IMPORT_KIND_INFO.product.fields}
        headings={HEADINGS}
        sample={SAMPLE}
        mapping={mapping}
        onChange={setMapping}
      />
      <output aria-label="Mapping">{JSON.stringify(mapping)}</output>
    </MantineProvider>
  );
}

const fieldOf = (heading: string) =>
  screen.getByRole('combobox', { name: `Field for the column “${heading}”` }) as HTMLInputElement;
/** A heading's list of fields, once opened. */
const listOf = (heading: string) => screen.getByRole('listbox', { name: `Field for the column “${heading}”` });
const saved = () => JSON.parse(screen.getByRole('status', { name: 'Mapping' }).textContent ?? '{}') as Mapping;

describe('the mapping table', () => {
  it('shows each heading’s field as the mapping (field → column) has it, with its first sample values', () => {
    render(<Harness initial={{ sku: 0, name: 1, priceCents: 2, description: null }} />);
    expect(fieldOf('Item no').value).toBe('SKU');
    expect(fieldOf('Title').value).toBe('Name');
    expect(fieldOf('Retail').value).toBe('Price');
    expect(fieldOf('Colour').value).toBe('Don’t import');
    // Up to three values of the column, blanks left out.
    const colour = screen.getByText('Colour').closest('tr')!;
    expect(within(colour).getByText('Oak')).toBeTruthy();
    expect(within(colour).getByText('Walnut')).toBeTruthy();
    expect(within(colour).getByText('Ash')).toBeTruthy();
    expect(within(screen.getByText('Item no').closest('tr')!).queryByText('B-104')).toBeNull();
  });

  it('moves a field chosen for another heading: the heading that had it is no longer imported', async () => {
    const user = userEvent.setup();
    render(<Harness initial={{ sku: 0, name: 1, priceCents: null }} />);
    await user.click(fieldOf('Colour'));
    // The list says where the field is now, so moving it is no surprise.
    const sku = within(listOf('Colour')).getByRole('option', { name: /^SKU/ });
    expect(sku.textContent).toContain('Now from “Item no”');
    await user.click(sku);
    expect(fieldOf('Colour').value).toBe('SKU');
    expect(fieldOf('Item no').value).toBe('Don’t import');
    expect(saved()).toMatchObject({ sku: 3, name: 1 });
  });

  it('lets a heading go: “Don’t import” clears the field it had', async () => {
    const user = userEvent.setup();
    render(<Harness initial={{ sku: 0, name: 1 }} />);
    await user.click(fieldOf('Title'));
    await user.click(within(listOf('Title')).getByRole('option', { name: 'Don’t import' }));
    expect(fieldOf('Title').value).toBe('Don’t import');
    expect(saved()).toMatchObject({ sku: 0, name: null });
  });
});
