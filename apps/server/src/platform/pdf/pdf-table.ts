import { BOLD, type Canvas, INK, MUTED, REGULAR, RULE } from './pdf-style';

export type PdfColumn = { key: string; label: string; align: 'left' | 'right'; width: number };
/**
 * Formatted cells by column key; `sub` is smaller text under the first left-aligned cell (the
 * item's, not a right-aligned line number's).
 */
export type PdfRow = Record<string, string> & { sub?: string };
export type PdfTotal = { label: string; value: string; strong?: boolean };

const PAD_X = 6;
const PAD_Y = 5;
const SIZE = 9;
const SUB_SIZE = 7.5;

type Placed = PdfColumn & { x: number; w: number; carriesSub: boolean };

function place(c: Canvas, columns: PdfColumn[]): Placed[] {
  const weight = (col: PdfColumn) => (col.width > 0 ? col.width : 1);
  const total = columns.reduce((sum, col) => sum + weight(col), 0);
  const subAt = Math.max(
    columns.findIndex((col) => col.align === 'left'),
    0,
  );
  let x = c.left;
  return columns.map((col, i) => {
    const w = (c.width * weight(col)) / total;
    x += w;
    return { ...col, x: x - w, w, carriesSub: i === subAt };
  });
}

function headerRow(c: Canvas, cols: Placed[], y: number): number {
  c.pdf.font(BOLD).fontSize(8);
  const h = Math.max(...cols.map((col) => c.pdf.heightOfString(col.label, { width: col.w - 2 * PAD_X }))) + 2 * PAD_Y;
  c.pdf.rect(c.left, y, c.width, h).fill(c.tint);
  for (const col of cols) {
    c.pdf.fillColor(INK).text(col.label, col.x + PAD_X, y + PAD_Y, { width: col.w - 2 * PAD_X, align: col.align });
  }
  return y + h;
}

function rowHeight(c: Canvas, cols: Placed[], row: PdfRow): number {
  const heights = cols.map((col) => {
    c.pdf.font(REGULAR).fontSize(SIZE);
    let h = c.pdf.heightOfString(row[col.key] || ' ', { width: col.w - 2 * PAD_X });
    if (col.carriesSub && row.sub)
      h += 1 + c.pdf.fontSize(SUB_SIZE).heightOfString(row.sub, { width: col.w - 2 * PAD_X });
    return h;
  });
  return Math.max(...heights) + 2 * PAD_Y;
}

function drawRow(c: Canvas, cols: Placed[], row: PdfRow, y: number, h: number): void {
  const end = y + h - PAD_Y;
  // `height` keeps a cell from ever flowing onto a page of its own; rows are placed by the table.
  const box = (col: Placed, from: number) => ({ width: col.w - 2 * PAD_X, align: col.align, height: end - from });
  for (const col of cols) {
    c.pdf
      .font(REGULAR)
      .fontSize(SIZE)
      .fillColor(INK)
      .text(row[col.key] ?? '', col.x + PAD_X, y + PAD_Y, box(col, y + PAD_Y));
    if (col.carriesSub && row.sub && c.pdf.y + 1 < end) {
      const subY = c.pdf.y + 1;
      c.pdf
        .fontSize(SUB_SIZE)
        .fillColor(MUTED)
        .text(row.sub, col.x + PAD_X, subY, box(col, subY));
    }
  }
  c.pdf
    .moveTo(c.left, y + h)
    .lineTo(c.right, y + h)
    .lineWidth(0.5)
    .strokeColor(RULE)
    .stroke();
}

/**
 * The lines table from `y`, breaking onto new pages as needed with the header row repeated
 * (`onNewPage` draws whatever the page carries above the table). Returns where it ended.
 */
export function drawTable(c: Canvas, columns: PdfColumn[], rows: PdfRow[], y: number, onNewPage: () => number): number {
  if (columns.length === 0) return y;
  const cols = place(c, columns);
  y = headerRow(c, cols, y);
  for (const row of rows) {
    const h = Math.min(rowHeight(c, cols, row), c.bottom - c.top - 40);
    if (y + h > c.bottom) {
      c.pdf.addPage();
      y = headerRow(c, cols, onNewPage());
    }
    drawRow(c, cols, row, y, h);
    y += h;
  }
  return y;
}

/** The totals block, right-aligned, kept together on one page. */
export function drawTotals(c: Canvas, totals: PdfTotal[], y: number, onNewPage: () => number): number {
  if (totals.length === 0) return y;
  const w = Math.min(240, c.width * 0.45);
  const x = c.right - w;
  const lineH = (t: PdfTotal) => (t.strong ? 20 : 15);
  const height = 8 + totals.reduce((sum, t) => sum + lineH(t), 0);
  if (y + height > c.bottom) {
    c.pdf.addPage();
    y = onNewPage();
  }
  y += 8;
  for (const t of totals) {
    if (t.strong) {
      c.pdf.moveTo(x, y).lineTo(c.right, y).lineWidth(1).strokeColor(INK).stroke();
      y += 4;
    }
    const size = t.strong ? 11 : 9;
    c.pdf
      .font(t.strong ? BOLD : REGULAR)
      .fontSize(size)
      .fillColor(t.strong ? INK : MUTED);
    c.pdf.text(t.label, x + PAD_X, y, { width: w / 2, lineBreak: false });
    c.pdf.fillColor(INK).text(t.value, x + w / 2, y, { width: w / 2 - PAD_X, align: 'right', lineBreak: false });
    y += lineH(t) - (t.strong ? 4 : 0);
  }
  return y;
}
