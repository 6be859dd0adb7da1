import { once } from 'node:events';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { xlsxCell, xlsxStream } from './xlsx';

describe('the XLSX export stream', () => {
  it('stops reading the list when the download is cancelled', async () => {
    let pulled = 0;
    let closed = false;
    async function* rows() {
      try {
        for (let i = 0; i < 1_000_000; i++) {
          pulled++;
          yield [`Row ${i}`, i, 'x'.repeat(200)];
        }
      } finally {
        closed = true;
      }
    }
    const out = xlsxStream('customers', ['Name', 'Number', 'Notes'], rows());
    // The download reads nothing, then goes away.
    await new Promise((resolve) => setTimeout(resolve, 200));
    out.destroy();
    await once(out, 'close');
    await expect.poll(() => closed).toBe(true);
    const seen = pulled;
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(pulled).toBe(seen);
    expect(pulled).toBeLessThan(1_000_000);
  });

  it('writes numbers as numbers and everything else as text, cut at Excel’s limit', () => {
    expect(xlsxCell(12.5)).toBe(12.5);
    expect(xlsxCell(Number.NaN)).toBeNull();
    expect(xlsxCell(['a', 'b'])).toBe('a; b');
    expect(xlsxCell('=SUM(A1)')).toBe('=SUM(A1)');
    expect(xlsxCell('x'.repeat(40_000))).toHaveLength(32_767);
  });

  it('writes a workbook exceljs reads back: characters XML cannot carry dropped, the rest escaped', async () => {
    async function* rows() {
      yield ['<b>&"quoted"</b>', 12.5, true, null, 'bell\u0007 and tab\tkept', '\ud83d\ude00 and a lone \ud800'];
    }
    const chunks: Buffer[] = [];
    for await (const chunk of xlsxStream('Prices: 2026/11', ['A', 'B', 'C', 'D', 'E', 'F'], rows())) chunks.push(chunk);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.concat(chunks) as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.name).toBe('Prices  2026 11');
    expect(sheet.getRow(2).values).toEqual([
      undefined,
      '<b>&"quoted"</b>',
      12.5,
      true,
      undefined,
      'bell and tab\tkept',
      '\ud83d\ude00 and a lone ',
    ]);
  });
});
