import { describe, expect, it } from 'vitest';
import { TINY_PNG } from '../../../test/helpers';
import { pagesText } from '../../../test/pdf-text';
import { type PdfDocument, renderDocumentPdf } from './document-pdf';

const purchaseOrder = (rows: number): PdfDocument => ({
  firm: {
    name: 'Harbor & Pine Cabinetry',
    addressLines: ['1420 Wharf Street', 'Portland, ME 04101'],
    logoPng: TINY_PNG,
    accentColor: '#2f6f4f',
    footer: 'Harbor & Pine Cabinetry LLC · Quote the PO number on every invoice.',
  },
  paper: 'letter',
  title: 'Purchase order',
  number: 'PO-12',
  revisionNote: 'Revised (revision 2)',
  meta: [
    { label: 'Date', value: 'Nov 27, 2026' },
    { label: 'Terms', value: 'Net 30' },
  ],
  parties: [
    { heading: 'Vendor', lines: ['Northeast Hardwoods', 'Attn: Renée Côté'] },
    { heading: 'Ship to', lines: ['Harbor & Pine — Workshop'] },
  ],
  columns: [
    { key: 'line', label: '#', align: 'right', width: 5 },
    { key: 'item', label: 'Item', align: 'left', width: 36 },
    { key: 'qty', label: 'Qty', align: 'right', width: 5 },
    { key: 'price', label: 'Unit price', align: 'right', width: 9 },
    { key: 'amount', label: 'Amount', align: 'right', width: 10 },
  ],
  rows: Array.from({ length: rows }, (_, i) => ({
    line: String(i + 1),
    item: `White oak board 8″ × 96″, line ${i + 1}`,
    sub: 'WO-OAK-34 · Kiln-dried',
    qty: '24',
    price: '€8.40',
    amount: '€201.60',
  })),
  totals: [
    { label: 'Subtotal', value: '€201.60' },
    { label: 'Total', value: '€201.60', strong: true },
  ],
  notes: [{ heading: 'Notes to the vendor', text: 'Deliver to Dock B — call on arrival.' }],
});

describe('renderDocumentPdf', () => {
  it('lays out a purchase order on one page, with Unicode text that can be read back', async () => {
    const pdf = await renderDocumentPdf(purchaseOrder(3));
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const pages = pagesText(pdf);
    expect(pages).toHaveLength(1);
    for (const text of [
      'Purchase order',
      'PO-12',
      'Revised (revision 2)',
      'Attn: Renée Côté',
      'Harbor & Pine — Workshop',
      'White oak board 8″ × 96″, line 3',
      'WO-OAK-34 · Kiln-dried',
      '€201.60',
      'Deliver to Dock B — call on arrival.',
      'Harbor & Pine Cabinetry LLC · Quote the PO number on every invoice.',
      'Page 1 of 1',
    ]) {
      expect(pages[0]).toContain(text);
    }
  });

  it('breaks 500 lines over pages, repeating the table header and numbering every page', async () => {
    const pdf = await renderDocumentPdf(purchaseOrder(500));
    const pages = pagesText(pdf);
    expect(pages.length).toBeGreaterThan(10);
    pages.forEach((text, i) => {
      expect(text).toContain('Unit price');
      expect(text).toContain(`Page ${i + 1} of ${pages.length}`);
      if (i > 0) expect(text).toContain('Purchase order PO-12 (continued)');
    });
    const all = pages.join('\n');
    expect(all).toContain('line 1\n');
    expect(all).toContain('line 500\n');
    expect(pages.at(-1)).toContain('Notes to the vendor');
  });

  it('renders a document with every optional part empty, or a logo that is not an image', async () => {
    const bare: PdfDocument = {
      firm: { name: '', addressLines: [], accentColor: 'not a colour', footer: '' },
      paper: 'a4',
      title: '',
      number: '',
      meta: [],
      parties: [],
      columns: [],
      rows: [],
      totals: [],
    };
    expect(pagesText(await renderDocumentPdf(bare))).toEqual([expect.stringContaining('Page 1 of 1')]);
    const broken = { ...purchaseOrder(0), firm: { ...bare.firm, logoPng: Buffer.from('not an image') } };
    expect(pagesText(await renderDocumentPdf(broken))).toHaveLength(1);
  });
});
