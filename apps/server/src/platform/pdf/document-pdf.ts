import PDFDocument from 'pdfkit';
import { accentColors, BOLD, type Canvas, dejaVu, INK, MUTED, REGULAR, RULE, WARN } from './pdf-style';
import { drawTable, drawTotals, type PdfColumn, type PdfRow, type PdfTotal } from './pdf-table';

export type { PdfColumn, PdfRow, PdfTotal };

/**
 * Any business document the product prints (purchase orders, quotes, orders, invoices, credit
 * memos, waivers, route sheets), already formatted: the module decides the words, dates and
 * money; this file only lays them out.
 */
export type PdfDocument = {
  firm: {
    name: string;
    addressLines: string[];
    /** PNG or JPEG bytes. */
    logoPng?: Buffer | null;
    /** '#rrggbb'. */
    accentColor: string;
    footer: string;
  };
  paper: 'letter' | 'a4';
  title: string;
  number: string;
  revisionNote?: string;
  meta: { label: string; value: string }[];
  parties: { heading: string; lines: string[] }[];
  columns: PdfColumn[];
  rows: PdfRow[];
  totals: PdfTotal[];
  notes?: { heading: string; text: string }[];
  /**
   * The document's own wording, when it is a text rather than lines (a lien waiver from the
   * firm's template): printed in full below the parties, flowing onto further pages.
   */
  body?: string;
  /**
   * A signed copy's last page: who signed, when, from where, the signature as drawn, and the
   * fingerprint of what they were shown.
   */
  certificate?: { heading: string; rows: { label: string; value: string }[]; signaturePng: Buffer; note: string };
};

const MARGIN = 48;
const FOOTER_SPACE = 40;
const GAP = 18;

export function renderDocumentPdf(doc: PdfDocument): Promise<Buffer> {
  const pdf = new PDFDocument({
    size: doc.paper === 'a4' ? 'A4' : 'LETTER',
    margins: { top: MARGIN, left: MARGIN, right: MARGIN, bottom: MARGIN + FOOTER_SPACE },
    bufferPages: true,
    info: { Title: `${doc.title} ${doc.number}`.trim(), Author: doc.firm.name },
  });
  const { regular, bold } = dejaVu();
  pdf.registerFont(REGULAR, regular);
  pdf.registerFont(BOLD, bold);
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });

  const c: Canvas = {
    pdf,
    left: MARGIN,
    right: pdf.page.width - MARGIN,
    width: pdf.page.width - 2 * MARGIN,
    top: MARGIN,
    bottom: pdf.page.height - MARGIN - FOOTER_SPACE,
    ...accentColors(doc.firm.accentColor),
  };
  const continued = () => continuation(c, doc);
  let y = header(c, doc);
  y = parties(c, doc.parties, y);
  if (doc.body) y = body(c, doc.body, y);
  y = drawTable(c, doc.columns, doc.rows, y, continued);
  y = drawTotals(c, doc.totals, y, continued);
  notes(c, doc.notes ?? [], y + GAP, continued);
  if (doc.certificate) certificate(c, doc.certificate);
  footers(c, doc.firm.footer);
  pdf.end();
  return done;
}

/** Logo, firm and address on the left; title, number, revision and meta on the right. */
function header(c: Canvas, doc: PdfDocument): number {
  const { pdf } = c;
  const half = c.width / 2 - GAP / 2;
  let left = c.top;
  if (doc.firm.logoPng?.length) {
    try {
      pdf.image(doc.firm.logoPng, c.left, c.top, { fit: [150, 54] });
      left += 54 + 10;
    } catch {
      // A logo that is not a PNG or JPEG is left out rather than failing the document.
    }
  }
  pdf.font(BOLD).fontSize(11).fillColor(INK).text(doc.firm.name, c.left, left, { width: half });
  pdf.font(REGULAR).fontSize(8.5).fillColor(MUTED);
  for (const line of doc.firm.addressLines) pdf.text(line, { width: half });
  left = pdf.y;

  const x = c.right - half;
  pdf
    .font(BOLD)
    .fontSize(22)
    .fillColor(c.accent)
    .text(doc.title, x, c.top - 4, { width: half, align: 'right' });
  pdf.fontSize(13).fillColor(INK).text(doc.number, { width: half, align: 'right' });
  if (doc.revisionNote) pdf.font(REGULAR).fontSize(8.5).fillColor(WARN).text(doc.revisionNote, { align: 'right' });
  let right = pdf.y + 6;
  const valueW = half * 0.5;
  for (const { label, value } of doc.meta) {
    pdf.font(REGULAR).fontSize(8.5).fillColor(MUTED);
    const labelH = pdf.heightOfString(label, { width: half - valueW - 8 });
    pdf.text(label, x, right, { width: half - valueW - 8, align: 'right' });
    pdf.fillColor(INK).text(value, c.right - valueW, right, { width: valueW, align: 'right' });
    right = Math.max(right + labelH, pdf.y) + 2;
  }
  const y = Math.max(left, right) + 12;
  pdf.moveTo(c.left, y).lineTo(c.right, y).lineWidth(1.5).strokeColor(c.accent).stroke();
  return y + GAP;
}

/** The parties (vendor, ship to, bill to…) side by side, at most three to a row. */
function parties(c: Canvas, list: PdfDocument['parties'], y: number): number {
  const { pdf } = c;
  const perRow = Math.min(Math.max(list.length, 1), 3);
  const w = (c.width - GAP * (perRow - 1)) / perRow;
  for (let start = 0; start < list.length; start += perRow) {
    let bottom = y;
    list.slice(start, start + perRow).forEach((party, i) => {
      const x = c.left + i * (w + GAP);
      pdf.font(BOLD).fontSize(7.5).fillColor(c.accent);
      pdf.text(party.heading.toUpperCase(), x, y, { width: w, characterSpacing: 0.6 });
      pdf.moveDown(0.3).font(REGULAR).fontSize(9).fillColor(INK);
      for (const line of party.lines) pdf.text(line, x, pdf.y, { width: w });
      bottom = Math.max(bottom, pdf.y);
    });
    y = bottom + GAP;
  }
  return y;
}

function body(c: Canvas, text: string, y: number): number {
  c.pdf.font(REGULAR).fontSize(10).fillColor(INK).text(text, c.left, y, { width: c.width, lineGap: 2 });
  return c.pdf.y + GAP;
}

function notes(c: Canvas, list: NonNullable<PdfDocument['notes']>, y: number, onNewPage: () => number): void {
  const { pdf } = c;
  for (const note of list) {
    if (y + 40 > c.bottom) {
      pdf.addPage();
      y = onNewPage();
    }
    pdf.font(BOLD).fontSize(9).fillColor(INK).text(note.heading, c.left, y, { width: c.width });
    // Long notes flow onto further pages by themselves, below the page's top margin.
    pdf.moveDown(0.2).font(REGULAR).fontSize(8.5).fillColor(MUTED).text(note.text, { width: c.width, lineGap: 1.5 });
    y = pdf.y + 12;
  }
}

/** The certificate page of a signed copy. */
function certificate(c: Canvas, cert: NonNullable<PdfDocument['certificate']>): void {
  const { pdf } = c;
  pdf.addPage();
  pdf.font(BOLD).fontSize(16).fillColor(c.accent).text(cert.heading, c.left, c.top, { width: c.width });
  let y = pdf.y + GAP;
  const labelW = 130;
  for (const { label, value } of cert.rows) {
    pdf.font(REGULAR).fontSize(9).fillColor(MUTED).text(label, c.left, y, { width: labelW });
    pdf.fillColor(INK).text(value, c.left + labelW, y, { width: c.width - labelW });
    y = Math.max(pdf.y, y + 12) + 6;
  }
  pdf
    .font(REGULAR)
    .fontSize(9)
    .fillColor(MUTED)
    .text('Signature', c.left, y + 6, { width: labelW });
  try {
    pdf.image(cert.signaturePng, c.left + labelW, y, { fit: [260, 110] });
  } catch {
    pdf.fillColor(WARN).text('The signature image could not be drawn.', c.left + labelW, y + 6);
  }
  y += 120;
  pdf.moveTo(c.left, y).lineTo(c.right, y).lineWidth(0.5).strokeColor(RULE).stroke();
  pdf
    .font(REGULAR)
    .fontSize(8)
    .fillColor(MUTED)
    .text(cert.note, c.left, y + 8, { width: c.width, lineGap: 1.5 });
}

/** What a page after the first starts with: which document it continues. */
function continuation(c: Canvas, doc: PdfDocument): number {
  c.pdf
    .font(REGULAR)
    .fontSize(8.5)
    .fillColor(MUTED)
    .text(`${doc.title} ${doc.number} (continued)`, c.left, c.top, { width: c.width });
  return c.pdf.y + 8;
}

/** "Page X of Y" and the firm's footer on every page, once the page count is known. */
function footers(c: Canvas, text: string): void {
  const { pdf } = c;
  const { start, count } = pdf.bufferedPageRange();
  for (let i = start; i < start + count; i++) {
    pdf.switchToPage(i);
    // Writing inside the bottom margin would otherwise make pdfkit start a new page.
    const margin = pdf.page.margins.bottom;
    pdf.page.margins.bottom = 0;
    const y = pdf.page.height - MARGIN - FOOTER_SPACE / 2;
    pdf.moveTo(c.left, y).lineTo(c.right, y).lineWidth(0.5).strokeColor(RULE).stroke();
    pdf.font(REGULAR).fontSize(7.5).fillColor(MUTED);
    pdf.text(text, c.left, y + 6, { width: c.width - 90, height: 20, ellipsis: true });
    pdf.text(`Page ${i - start + 1} of ${count}`, c.right - 80, y + 6, { width: 80, align: 'right' });
    pdf.page.margins.bottom = margin;
  }
}
