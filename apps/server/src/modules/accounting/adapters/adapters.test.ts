import { LEDGER_ACCOUNT_TYPES } from '@atelier/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { byEntry, parseCsv, parseIif } from '../test-files';
import { decimal, type ExportEntry } from './adapter';
import { iifAdapter } from './iif';
import { journalCsvAdapter } from './journal-csv';

const text = fc.string({
  maxLength: 20,
  unit: fc.constantFrom('a', 'é', ' ', '\t', '\n', '"', ',', '=', '-', '+', '@', '’'),
});
const amount = fc.integer({ min: 1, max: 10_000_000 });

/** A balanced entry: random debits, and the same total split into random credits. */
const entry = fc
  .record({
    date: fc.date({ min: new Date('2000-01-01'), max: new Date('2099-12-31'), noInvalidDate: true }),
    number: fc.stringMatching(/^[A-Z]{2,4}-[0-9]{1,6}$/),
    name: text,
    memo: text,
    change: fc.constantFrom('new' as const, 'change' as const, 'reversal' as const),
    debits: fc.array(amount, { minLength: 1, maxLength: 4 }),
    splits: fc.array(fc.integer({ min: 1, max: 100 }), { minLength: 1, maxLength: 4 }),
    accounts: fc.array(
      fc.record({ account: text.filter((s) => s.trim() !== ''), type: fc.constantFrom(...LEDGER_ACCOUNT_TYPES) }),
      {
        minLength: 1,
        maxLength: 3,
      },
    ),
  })
  .map((r): ExportEntry => {
    const total = r.debits.reduce((a, b) => a + b, 0);
    const weights = r.splits.reduce((a, b) => a + b, 0);
    const credits = r.splits.map((w) => Math.floor((total * w) / weights));
    credits[0]! += total - credits.reduce((a, b) => a + b, 0);
    const at = (i: number) => r.accounts[i % r.accounts.length]!;
    return {
      source: 'invoice',
      sourceLabel: 'Invoice',
      recordId: '00000000-0000-0000-0000-000000000000',
      date: r.date.toISOString().slice(0, 10),
      number: r.number,
      name: r.name,
      memo: r.memo,
      change: r.change,
      lines: [
        ...r.debits.map((d, i) => ({ ...at(i), debitCents: d, creditCents: 0, memo: r.memo })),
        ...credits.filter((c) => c > 0).map((c, i) => ({ ...at(i + 1), debitCents: 0, creditCents: c, memo: '' })),
      ],
    };
  });

describe('the adapters', () => {
  it('write amounts as decimals', () => {
    expect([0, 5, 100, 123_456, -5, -123_456].map(decimal)).toEqual([
      '0.00',
      '0.05',
      '1.00',
      '1234.56',
      '-0.05',
      '-1234.56',
    ]);
  });

  it('IIF: each transaction sums to zero, every account is declared, odd text never breaks a line', () => {
    fc.assert(
      fc.property(fc.array(entry, { maxLength: 6 }), (entries) => {
        const { accounts, entries: read } = parseIif(iifAdapter.render(entries));
        expect(read).toHaveLength(entries.length);
        read.forEach((e, i) => {
          expect(e.sum).toBe(0);
          expect(e.lines).toHaveLength(entries[i]!.lines.length);
          expect(e.docnum).toBe(entries[i]!.number);
          for (const l of e.lines) expect(accounts.has(l.account)).toBe(true);
          const date = entries[i]!.date;
          expect(e.lines[0]!.date).toBe(`${date.slice(5, 7)}/${date.slice(8, 10)}/${date.slice(0, 4)}`);
        });
      }),
    );
  });

  it('CSV: rows grouped by entry balance, amounts and texts come back as written', () => {
    fc.assert(
      fc.property(fc.array(entry, { maxLength: 6 }), (entries) => {
        const read = byEntry(parseCsv(journalCsvAdapter.render(entries)));
        expect(read).toHaveLength(entries.length);
        read.forEach((e, i) => {
          const given = entries[i]!;
          expect(e.debit).toBe(e.credit);
          expect(e.debit).toBe(given.lines.reduce((s, l) => s + l.debitCents, 0));
          expect(e.rows.map((r) => r.account.replace(/^'/, ''))).toEqual(given.lines.map((l) => l.account));
          expect(e.change).toBe({ new: 'new', change: 'replacement', reversal: 'reversal' }[given.change]);
        });
      }),
    );
  });

  it('CSV: a cell a spreadsheet would run as a formula is neutralised', () => {
    const [row] = parseCsv(
      journalCsvAdapter.render([
        {
          source: 'invoice',
          sourceLabel: 'Invoice',
          recordId: '00000000-0000-0000-0000-000000000000',
          date: '2026-01-31',
          number: 'INV-1',
          name: '=HYPERLINK("x")',
          memo: '@SUM(A1)',
          change: 'new',
          lines: [
            { account: '+Sales', type: 'INC', debitCents: 100, creditCents: 0, memo: '' },
            { account: 'Cash', type: 'BANK', debitCents: 0, creditCents: 100, memo: '' },
          ],
        },
      ]),
    );
    expect(row).toMatchObject({ account: "'+Sales", name: `'=HYPERLINK("x")`, memo: "'@SUM(A1)", debit: 100 });
  });
});
