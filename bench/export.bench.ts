// Exports at scale: every customer of a firm of 1,000,000 (BENCH_CUSTOMERS) downloaded over HTTP
// as CSV and as XLSX, the way the list's Export menu asks for them. Printed per format: the time
// to the first byte (the download must start at once, not after the whole file is made), the
// whole download's time, rows and MB per second, and how much the server process grew while it
// ran (sampled every 50 ms; the target is memory that stays flat, here ≤ 200 MB of growth, the
// importer's budget for a 1,000,000-row file). Then the file is checked: the CSV's line count,
// and the XLSX opened with exceljs's streaming reader, its rows counted.
// Figures are printed, never asserted.

import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import pg from 'pg';
import { fillCustomers } from './lib/customers';
import { demoFirmIds, startBenchServer } from './lib/server';

const BIG = Number(process.env.BENCH_CUSTOMERS ?? 1_000_000);
const BUDGET_MB = 200;

const server = await startBenchServer();
const owner = new pg.Client({ connectionString: server.ownerUrl });
await owner.connect();
const { harbor, cedar } = await demoFirmIds(owner);
await fillCustomers(owner, harbor, cedar, BIG);
const active = Number(
  (
    await owner.query<{ n: string }>('SELECT count(*) AS n FROM customers WHERE firm_id = $1 AND archived_at IS NULL', [
      harbor,
    ])
  ).rows[0]!.n,
);
const cookie = await server.signIn();
const mb = (bytes: number) => bytes / 1024 / 1024;

try {
  for (const format of ['csv', 'xlsx'] as const) {
    global.gc?.();
    const rssBefore = process.memoryUsage().rss;
    let peak = rssBefore;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 50);
    const started = performance.now();
    const response = await fetch(`${server.address}/api/v1/customers/export?format=${format}`, {
      headers: { cookie },
    });
    const reader = response.body!.getReader();
    // The CSV's lines are counted as they come; the workbook goes to a file, opened afterwards
    // (kept in memory, it would count as the server's growth: they share this process).
    const file = path.join(os.tmpdir(), `atelier-export-bench.${format}`);
    const out = fs.createWriteStream(file);
    let bytes = 0;
    let lines = 0;
    let firstByte = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (!firstByte) firstByte = performance.now() - started;
      bytes += value.byteLength;
      if (format === 'xlsx') {
        if (!out.write(value)) await once(out, 'drain');
      } else for (const b of value) if (b === 10) lines++;
    }
    out.end();
    await once(out, 'close');
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    const growth = mb(peak - rssBefore);

    let rows = 0;
    if (format === 'csv') rows = lines - 1;
    else {
      const workbook = new ExcelJS.stream.xlsx.WorkbookReader(fs.createReadStream(file), {});
      for await (const sheet of workbook) for await (const _ of sheet) rows++;
      rows -= 1;
    }
    fs.rmSync(file, { force: true });
    console.log(
      `${format.toUpperCase()}: status ${response.status}, ${mb(bytes).toFixed(1)} MB; first byte after ${firstByte.toFixed(0)} ms; ` +
        `whole file in ${seconds.toFixed(1)} s (${Math.round(rows / seconds).toLocaleString('en-US')} rows/s, ${(mb(bytes) / seconds).toFixed(1)} MB/s)`,
    );
    console.log(
      `  server process grew ${growth.toFixed(0)} MB at most while it ran; ÷ budget of ${BUDGET_MB} MB: ${(growth / BUDGET_MB).toFixed(2)}`,
    );
    console.log(
      `  rows in the file: ${rows.toLocaleString('en-US')} of ${active.toLocaleString('en-US')} active customers (must be equal)`,
    );
  }
} finally {
  await owner.end();
  await server.stop();
}
