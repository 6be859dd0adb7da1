import { Readable } from 'node:stream';
import yazl from 'yazl';

/** The most characters a cell of Excel holds; a longer text is cut there, with an ellipsis. */
export const XLSX_CELL_LIMIT = 32_767;

/**
 * One cell: numbers and booleans as themselves, everything else as text. A text cell is never
 * a formula, whatever it starts with ("=SUM(…)" stays the text "=SUM(…)"), so opening an export
 * runs nothing and the importer reads back exactly what was written.
 */
export function xlsxCell(value: unknown): string | number | boolean | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'boolean') return value;
  const text = Array.isArray(value) ? value.join('; ') : String(value);
  return text.length > XLSX_CELL_LIMIT ? `${text.slice(0, XLSX_CELL_LIMIT - 1)}…` : text;
}

// Characters XML 1.0 cannot carry (controls other than tab and line ends, lone surrogates) go.
// biome-ignore lint/suspicious/noControlCharactersInRegex: the controls XML cannot carry are what it finds
const CONTROLS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;
const LONE_SURROGATES = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
const xml = (text: string) =>
  text
    .replace(CONTROLS, '')
    .replace(LONE_SURROGATES, '')
    .replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

/** "A", "B", … "Z", "AA", … for a column's place (0-based). */
export function columnName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

function rowXml(r: number, values: unknown[]): string {
  let cells = '';
  values.forEach((raw, i) => {
    const value = xlsxCell(raw);
    if (value === null || value === '') return;
    const ref = `${columnName(i)}${r}`;
    if (typeof value === 'number') cells += `<c r="${ref}"><v>${value}</v></c>`;
    else if (typeof value === 'boolean') cells += `<c r="${ref}" t="b"><v>${value ? 1 : 0}</v></c>`;
    else cells += `<c r="${ref}" t="inlineStr"><is><t xml:space="preserve">${xml(value)}</t></is></c>`;
  });
  return `<row r="${r}">${cells}</row>`;
}

const NS = 'http://schemas.openxmlformats.org/';
const PARTS = (sheetName: string): Record<string, string> => ({
  '[Content_Types].xml':
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="${NS}package/2006/content-types">` +
    '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
    '<Default Extension="xml" ContentType="application/xml"/>' +
    '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
    '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
    '</Types>',
  '_rels/.rels':
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="${NS}package/2006/relationships">` +
    `<Relationship Id="rId1" Type="${NS}officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/>` +
    '</Relationships>',
  'xl/workbook.xml':
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><workbook xmlns="${NS}spreadsheetml/2006/main" xmlns:r="${NS}officeDocument/2006/relationships">` +
    `<sheets><sheet name="${xml(sheetName)}" sheetId="1" r:id="rId1"/></sheets></workbook>`,
  'xl/_rels/workbook.xml.rels':
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="${NS}package/2006/relationships">` +
    `<Relationship Id="rId1" Type="${NS}officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/>` +
    '</Relationships>',
});

/**
 * A workbook of one sheet (headings, then a row per item) written as it is read, so memory stays
 * flat however many rows: the sheet's XML is made a batch of rows at a time only when the ZIP
 * (yazl) asks for more, which it does only as fast as the download takes it. A cancelled download
 * stops the reading of the list; a failure half-way ends the download with the error, never a
 * workbook cut short that looks whole. (exceljs's streaming writer buffers without limit when
 * the reader is slow, so it is not used to write: decision 0031.)
 */
export function xlsxStream(sheetName: string, headings: string[], rows: AsyncIterable<unknown[]>): Readable {
  // Excel's sheet names: at most 31 characters, none of : \ / ? * [ ].
  const name = sheetName.replace(/[:\\/?*[\]]/g, ' ').slice(0, 31) || 'Sheet1';
  const sheet = Readable.from(
    (async function* () {
      yield `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><worksheet xmlns="${NS}spreadsheetml/2006/main"><sheetData>${rowXml(1, headings)}`;
      let r = 1;
      let batch = '';
      for await (const values of rows) {
        batch += rowXml(++r, values);
        if (batch.length > 64 * 1024) {
          yield batch;
          batch = '';
        }
      }
      yield `${batch}</sheetData></worksheet>`;
    })(),
    { objectMode: false },
  );
  const zip = new yazl.ZipFile();
  for (const [part, body] of Object.entries(PARTS(name))) zip.addBuffer(Buffer.from(body), part);
  zip.addReadStream(sheet, 'xl/worksheets/sheet1.xml');
  zip.end();
  const out = zip.outputStream as Readable;
  // The rows failed: the download ends with the error. The download went away: the rows stop.
  sheet.on('error', (error) => out.destroy(error));
  out.on('close', () => sheet.destroy());
  return out;
}
