// Reading an import file at scale (issue 17: memory stays flat whatever the file's size, RSS
// growth ≤ 200 MB for a 1,000,000-row file). A CSV and an XLSX of BENCH_ROWS rows (1,000,000)
// of a catalog's columns are written to a temporary folder (the XLSX by exceljs's streaming
// writer), then each is read through `openTable` as the importer reads them, in a process of its
// own (so what writing them took is not counted): rows per second, and how much that process grew
// while it read (its RSS sampled every 50 ms against what it had before the first row).
// Figures are printed, never asserted.

import { execFileSync } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openTable } from '@atelier/server/modules/importer/read/table';
import ExcelJS from 'exceljs';

const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const BUDGET_MB = 200;
const dir = process.env.BENCH_READ ? '' : fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-import-read-'));
const headings = ['Handle', 'SKU', 'Name', 'Category', 'Price', 'Cost', 'Option1 Name', 'Option1 Value', 'Description'];
const row = (i: number) => [
  `cabinet-${Math.floor(i / 4)}`,
  `BN-${i}`,
  `Base cabinet ${i}, "shaker" door`,
  'Cabinets > Base',
  (100 + (i % 900) + 0.99).toFixed(2),
  (50 + (i % 400) + 0.5).toFixed(2),
  'Finish',
  ['Walnut', 'Oak', 'White', 'Grey'][i % 4]!,
  `Solid wood frame, soft-close hinges; item ${i} of the vendor's list.`,
];
const csvCell = (v: string) => (/[",\n]/.test(v) ? `"${v.replaceAll('"', '""')}"` : v);

/** In the child: read one file and say how it went, as JSON. */
async function readOne(file: string) {
  const table = await openTable(file);
  global.gc?.();
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 50);
  const started = performance.now();
  let rows = 0;
  let cells = 0;
  for await (const r of table.rows) {
    rows++;
    cells += r.cells.length;
  }
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);
  console.log(
    JSON.stringify({ rows, cells, headings: table.headings.length, seconds, growth: (peak - before) / 1024 / 1024 }),
  );
}

if (process.env.BENCH_READ) {
  await readOne(process.env.BENCH_READ);
  process.exit(0);
}

try {
  const csvPath = path.join(dir, 'catalog.csv');
  const started = performance.now();
  const out = fs.createWriteStream(csvPath);
  out.write(`${headings.join(',')}\n`);
  for (let i = 0; i < ROWS; i++) if (!out.write(`${row(i).map(csvCell).join(',')}\n`)) await once(out, 'drain');
  out.end();
  await once(out, 'close');
  const xlsxPath = path.join(dir, 'catalog.xlsx');
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({
    filename: xlsxPath,
    useSharedStrings: false,
    useStyles: false,
  });
  const sheet = book.addWorksheet('Catalog');
  sheet.addRow(headings).commit();
  for (let i = 0; i < ROWS; i++) sheet.addRow(row(i)).commit();
  sheet.commit();
  await book.commit();
  const mb = (p: string) => (fs.statSync(p).size / 1024 / 1024).toFixed(1);
  console.log(
    `Wrote ${ROWS.toLocaleString('en-US')} rows: CSV ${mb(csvPath)} MB, XLSX ${mb(xlsxPath)} MB ` +
      `(${((performance.now() - started) / 1000).toFixed(1)} s)`,
  );

  for (const [format, file] of [
    ['CSV', csvPath],
    ['XLSX', xlsxPath],
  ] as const) {
    const {
      rows,
      cells,
      headings: width,
      seconds,
      growth,
    } = JSON.parse(
      execFileSync(process.execPath, [...process.execArgv, import.meta.filename], {
        env: { ...process.env, BENCH_READ: file },
        encoding: 'utf8',
      })
        .trim()
        .split('\n')
        .at(-1)!,
    ) as { rows: number; cells: number; headings: number; seconds: number; growth: number };
    console.log(
      `${format}: ${rows.toLocaleString('en-US')} rows (must be ${ROWS.toLocaleString('en-US')}), ${cells.toLocaleString('en-US')} cells, ` +
        `headings ${width}; ${seconds.toFixed(1)} s, ${Math.round(rows / seconds).toLocaleString('en-US')} rows/s; ` +
        `grew ${growth.toFixed(0)} MB at most; ÷ budget of ${BUDGET_MB} MB: ${(growth / BUDGET_MB).toFixed(2)}`,
    );
  }
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
