import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import iconv from 'iconv-lite';
import { afterAll, describe, expect, it } from 'vitest';
import yazl from 'yazl';
import { HttpError } from '../../../platform/http/errors';
import { MAX_COLUMNS } from './limits';
import { openTable } from './table';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-read-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
let n = 0;
const file = (bytes: Buffer | string, name = `f${++n}.csv`) => {
  const p = path.join(dir, name);
  fs.writeFileSync(p, bytes);
  return p;
};

async function read(p: string, sheet?: string) {
  const table = await openTable(p, sheet === undefined ? {} : { sheet });
  const rows = [];
  for await (const r of table.rows) rows.push(r);
  return { ...table, rows };
}

/** The message a refused file gets (a 400 on the field `file` or `sheet`). */
async function refusal(p: string, sheet?: string) {
  try {
    await read(p, sheet);
  } catch (error) {
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).status).toBe(400);
    return (error as HttpError).message;
  }
  throw new Error('the file was read');
}

async function zip(entries: Record<string, Buffer | string>, name = `z${++n}.xlsx`) {
  const archive = new yazl.ZipFile();
  for (const [entry, body] of Object.entries(entries)) archive.addBuffer(Buffer.from(body), entry);
  archive.end();
  const p = path.join(dir, name);
  const out = fs.createWriteStream(p);
  archive.outputStream.pipe(out);
  await once(out, 'close');
  return p;
}

describe('reading a CSV', () => {
  it('takes UTF-8 with its BOM, quoted cells with commas, quotes and line breaks, and keeps every cell as text', async () => {
    const t = await read(
      file(
        '\uFEFF SKU ,Name,Price,Notes\r\nT-1,"Tile, white",12.50,"Say ""hi""\nsecond line"\r\n\r\nT-2,=SUM(A1:A2),+1,@home\r\n',
      ),
    );
    expect([t.format, t.encoding, t.delimiter]).toEqual(['csv', 'utf8', ',']);
    expect(t.headings).toEqual(['SKU', 'Name', 'Price', 'Notes']);
    expect(t.rows).toEqual([
      { row: 3, cells: ['T-1', 'Tile, white', '12.50', 'Say "hi"\nsecond line'] },
      { row: 5, cells: ['T-2', '=SUM(A1:A2)', '+1', '@home'] },
    ]);
  });

  it('finds the delimiter (semicolon, tab, pipe) and reads mixed line ends', async () => {
    const semi = await read(file('sku;name;price\r\nA;Slab, honed;1,5\nB;Edge;2\rC;Post;3'));
    expect(semi.delimiter).toBe(';');
    expect(semi.rows.map((r) => r.cells)).toEqual([
      ['A', 'Slab, honed', '1,5'],
      ['B', 'Edge', '2'],
      ['C', 'Post', '3'],
    ]);
    expect((await read(file('sku\tname\nA\tOne\n'))).delimiter).toBe('\t');
    expect((await read(file('sku|name\nA|One\n'))).delimiter).toBe('|');
  });

  it('reads UTF-16 (with or without its BOM) and Windows-1252, converting them', async () => {
    const text = 'sku,name\nC-1,Crème brûlée – 24″\n';
    const le = await read(file(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')])));
    expect([le.encoding, le.rows[0]!.cells[1]]).toEqual(['utf16le', 'Crème brûlée – 24″']);
    const bare = await read(file(Buffer.from(text, 'utf16le')));
    expect([bare.encoding, bare.rows[0]!.cells[1]]).toEqual(['utf16le', 'Crème brûlée – 24″']);
    const be = await read(file(Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from(text, 'utf16le').swap16()])));
    expect([be.encoding, be.rows[0]!.cells[1]]).toEqual(['utf16be', 'Crème brûlée – 24″']);
    // Windows-1252 has no ″: what it has is converted.
    const w = await read(file(iconv.encode('sku,name\nC-1,Crème brûlée – 24"\n', 'win1252')));
    expect([w.encoding, w.rows[0]!.cells[1]]).toEqual(['windows1252', 'Crème brûlée – 24"']);
    // Plain ASCII for the first 64 KB, then one Windows "é": the whole file is Windows-1252.
    const late = await read(
      file(
        Buffer.concat([Buffer.from(`sku,name\n${'A,plain\n'.repeat(10_000)}`), iconv.encode('B,Café\n', 'win1252')]),
      ),
    );
    expect([late.encoding, late.rows.at(-1)!.cells[1]]).toEqual(['windows1252', 'Café']);
  });

  it('reads a CSV saved with an .xlsx name as the CSV it is', async () => {
    const t = await read(file('sku,name\nA,One\n', 'really-a.xlsx'));
    expect([t.format, t.rows.length]).toEqual(['csv', 1]);
  });

  it('gives headings and no rows for a header only, and refuses an empty or blank file', async () => {
    const header = await read(file('sku,name\n'));
    expect([header.headings, header.rows]).toEqual([['sku', 'name'], []]);
    expect(await refusal(file(''))).toBe('The file is empty.');
    expect(await refusal(file('\r\n\n\r\n'))).toBe('The file has no rows: not even a row of headings.');
  });

  it('refuses what cannot be a table: too many columns, a quote never closed, a huge cell, binary data', async () => {
    const wide = Array.from({ length: MAX_COLUMNS + 1 }, (_, i) => `c${i}`).join(',');
    expect(await refusal(file(`${wide}\n`))).toBe(`Row 1 has 501 columns: a file may have at most ${MAX_COLUMNS}.`);
    expect(await refusal(file('sku,name\nA,"open\nB,two\n'))).toMatch(/^A quoted cell is never closed \(line \d+\)/);
    expect(await refusal(file(`sku,name\nA,${'x'.repeat(1_200_000)}\n`))).toMatch(
      /^A row is longer than 1,000,000 characters \(line 2\)/,
    );
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    expect(await refusal(file(png))).toMatch(/^This file is neither a CSV nor an Excel workbook/);
  });
});

describe('reading an XLSX workbook', () => {
  async function workbook() {
    const book = new ExcelJS.Workbook();
    const prices = book.addWorksheet('Prices & costs');
    prices.addRow(['SKU', 'Price', 'Since', 'Total', 'Name', 'Link', 'Text']);
    prices.addRow([
      'T-1',
      12.5,
      new Date(Date.UTC(2026, 10, 3)),
      { formula: 'B2*2', result: 25 },
      { richText: [{ text: 'Bold ' }, { text: 'tile' }] },
      { text: 'Catalog', hyperlink: 'https://example.com' },
      '=1+1',
    ]);
    prices.addRow([]);
    prices.addRow(['T-2', 3]);
    book.addWorksheet('Notes').addRow(['Note']).commit();
    book.getWorksheet('Notes')!.addRow(['Hello']);
    const p = path.join(dir, `w${++n}.xlsx`);
    await book.xlsx.writeFile(p);
    return p;
  }

  it('reads the first sheet: values as text, a formula’s cached result, dates as YYYY-MM-DD, blank rows skipped', async () => {
    const t = await read(await workbook());
    expect([t.format, t.sheets, t.sheet]).toEqual(['xlsx', ['Prices & costs', 'Notes'], 'Prices & costs']);
    expect(t.headings).toEqual(['SKU', 'Price', 'Since', 'Total', 'Name', 'Link', 'Text']);
    // Which cells were numbers: their text is written with a dot whatever the file's format.
    expect(t.rows).toEqual([
      { row: 2, cells: ['T-1', '12.5', '2026-11-03', '25', 'Bold tile', 'Catalog', '=1+1'], numbers: [1, 3] },
      { row: 4, cells: ['T-2', '3'], numbers: [1] },
    ]);
  });

  it('reads the sheet asked for, and names the sheets when it is not there', async () => {
    const p = await workbook();
    expect((await read(p, 'Notes')).rows).toEqual([{ row: 2, cells: ['Hello'] }]);
    // Stopping half-way (a refusal, a cancelled import) still leaves no temporary copy of a sheet behind.
    // (exceljs's copies are named tmp-<this process>-….)
    const copies = () => fs.readdirSync(os.tmpdir()).filter((f) => f.startsWith(`tmp-${process.pid}-`));
    const table = await openTable(p);
    expect(copies().length).toBeGreaterThan(0);
    await table.rows.return(undefined);
    await expect.poll(copies, { timeout: 2000 }).toEqual([]);
    expect(await refusal(p, 'Sheet9')).toBe('The workbook has no sheet "Sheet9": it has "Prices & costs", "Notes".');
  });

  it('reads only the parts the archive’s directory lists, not one hidden among the parts themselves', async () => {
    const bytes = fs.readFileSync(await workbook());
    // A stored part named like the first sheet, slipped in before the directory (whose offset is
    // moved past it): a reader going by the parts' own headers would read it too.
    const body = Buffer.from(
      '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>' +
        '<row r="1"><c r="A1" t="inlineStr"><is><t>EVIL</t></is></c></row></sheetData></worksheet>',
    );
    const name = Buffer.from('xl/worksheets/sheet1.xml');
    const header = Buffer.alloc(30);
    header.writeUInt32LE(0x04034b50, 0);
    header.writeUInt16LE(20, 4);
    header.writeUInt32LE(body.length, 18);
    header.writeUInt32LE(body.length, 22);
    header.writeUInt16LE(name.length, 26);
    const hidden = Buffer.concat([header, name, body]);
    const eocd = bytes.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
    const directory = bytes.readUInt32LE(eocd + 16);
    const crafted = Buffer.concat([bytes.subarray(0, directory), hidden, bytes.subarray(directory)]);
    crafted.writeUInt32LE(directory + hidden.length, eocd + hidden.length + 16);
    const t = await read(file(crafted, 'hidden-part.xlsx'));
    expect(t.rows.flatMap((r) => r.cells)).not.toContain('EVIL');
    expect(t.rows[0]!.cells[0]).toBe('T-1');
  });

  it('refuses a ZIP bomb, external links, macros and a ZIP that is not a workbook, before unpacking them', async () => {
    const workbookXml = '<workbook><sheets><sheet name="S" sheetId="1" r:id="rId1"/></sheets></workbook>';
    // 64 MB of zeros pack into a few dozen KB.
    const bomb = await zip({
      'xl/workbook.xml': workbookXml,
      'xl/worksheets/sheet1.xml': Buffer.alloc(64 * 1024 * 1024),
    });
    expect(fs.statSync(bomb).size).toBeLessThan(1024 * 1024);
    expect(await refusal(bomb)).toMatch(/ZIP bomb/);
    expect(
      await refusal(await zip({ 'xl/workbook.xml': workbookXml, 'xl/externalLinks/externalLink1.xml': '<x/>' })),
    ).toMatch(/links to other files/);
    expect(await refusal(await zip({ 'xl/workbook.xml': workbookXml, 'xl/vbaProject.bin': 'macro' }))).toMatch(
      /has macros/,
    );
    expect(await refusal(await zip({ 'readme.txt': 'hello' }))).toBe(
      'The file is a ZIP archive, not an Excel workbook.',
    );
    const damaged = file(Buffer.concat([Buffer.from('PK\x03\x04'), Buffer.alloc(200, 7)]), 'damaged.xlsx');
    expect(await refusal(damaged)).toMatch(/damaged/);
  });
});
