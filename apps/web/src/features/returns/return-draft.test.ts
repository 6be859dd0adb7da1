import type { Return, ReturnableLine } from '@atelier/contracts';
import { describe, expect, it } from 'vitest';
import { checkDraft, draftErrors, draftRows, previewOf, type ReturnDraft, toInput } from './return-draft';

const id = (n: number) => `019a0000-0000-7000-8000-${String(n).padStart(12, '0')}`;
const ORDER = id(1);
const CHAIR = id(2);
const TABLE = id(3);
const LAMP = id(4);
const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;

/** Four chairs delivered (one returned already), a table, and a lamp all of whose delivered units are back. */
const returnable: ReturnableLine[] = [
  {
    line: CHAIR,
    name: 'Oak chair',
    sku: 'CH-1',
    unit: 'ea',
    delivered: 4,
    returned: 1,
    returnable: 3,
    unitCreditCents: 12_345,
  },
  {
    line: TABLE,
    name: 'Oak table',
    sku: 'TB-1',
    unit: 'ea',
    delivered: 1,
    returned: 0,
    returnable: 1,
    unitCreditCents: 99_999,
  },
  {
    line: LAMP,
    name: 'Lamp',
    sku: 'LA-1',
    unit: 'ea',
    delivered: 2,
    returned: 2,
    returnable: 0,
    unitCreditCents: 5_000,
  },
];

const draft = (rows = draftRows(returnable), over: Partial<ReturnDraft> = {}): ReturnDraft => ({
  order: ORDER,
  rows,
  restockingFeeCents: undefined,
  notes: '',
  ...over,
});

describe('the return form’s rows', () => {
  it('offers every delivered line, none ticked, a lamp all of which is back closed', () => {
    const rows = draftRows(returnable);
    expect(rows.map((r) => [r.name, r.selected, r.max, r.quantity])).toEqual([
      ['Oak chair', false, 3, 1],
      ['Oak table', false, 1, 1],
      ['Lamp', false, 0, ''],
    ]);
  });

  it('gives an edited return back what it takes itself: its lines ticked, as saved', () => {
    const record = {
      order: { _id: ORDER, name: 'SO-7' },
      lines: [
        {
          _id: id(9),
          line: LAMP,
          quantity: 2,
          reason: 'defective',
          condition: 'defective',
          note: 'Flickers',
        },
      ],
    } as unknown as Return;
    const lamp = draftRows(returnable, record)[2]!;
    expect(lamp).toMatchObject({
      selected: true,
      max: 2,
      returnedElsewhere: 0,
      quantity: 2,
      reason: 'defective',
      note: 'Flickers',
    });
  });
});

describe('what the form sends', () => {
  it('sends the ticked rows only, and knows which row each sent line is', () => {
    const rows = draftRows(returnable).map((r) =>
      r.line === TABLE ? { ...r, selected: true, reason: 'damaged' as const, condition: 'damaged' as const } : r,
    );
    const { input, rowOf } = toInput(draft(rows, { restockingFeeCents: 500, notes: 'Corner crushed' }));
    expect(input).toEqual({
      order: ORDER,
      lines: [{ line: TABLE, quantity: 1, reason: 'damaged', condition: 'damaged', note: '' }],
      restockingFeeCents: 500,
      notes: 'Corner crushed',
    });
    expect(rowOf).toEqual([TABLE]);
  });

  it('puts the server’s `lines.{i}.…` messages on the i-th line sent, not the i-th row shown', () => {
    const errors = draftErrors(
      { 'lines.0.quantity': 'At most 1.', 'lines.1.reason': 'Choose a reason.', restockingFeeCents: 'Too much.' },
      [TABLE, LAMP],
    );
    expect(errors.rows[TABLE]).toEqual({ quantity: 'At most 1.' });
    expect(errors.rows[LAMP]).toEqual({ reason: 'Choose a reason.' });
    expect(errors.rows[CHAIR]).toBeUndefined();
    expect(errors.fields).toEqual({ restockingFeeCents: 'Too much.' });
  });

  it('checks before sending: a reason for each line, no more than may come back, a fee within the goods', () => {
    const rows = draftRows(returnable).map((r) =>
      r.line === CHAIR
        ? { ...r, selected: true, quantity: 4 }
        : r.line === TABLE
          ? { ...r, selected: true, reason: 'damaged' as const }
          : r,
    );
    const { errors } = checkDraft(draft(rows, { restockingFeeCents: 10_000_000 }), 0, money);
    expect(errors?.rows[CHAIR]).toEqual({ reason: 'Choose a reason.', quantity: 'At most 3: what is left to return.' });
    expect(errors?.rows[TABLE]).toBeUndefined();
    // The chairs asked for (4 × $123.45) and the table: $1,493.79 of goods.
    expect(errors?.fields.restockingFeeCents).toBe('At most $1493.79: what the goods come to.');
  });
});

describe('the preview', () => {
  const ticked = draftRows(returnable).map((r) =>
    r.line === CHAIR ? { ...r, selected: true, quantity: 2.5 } : r.line === TABLE ? { ...r, selected: true } : r,
  );

  it('is each line’s credit, less the firm’s restocking fee percent when none is entered', () => {
    // 2.5 × $123.45 = $308.625 → $308.63; with the table $1,308.62; 15 % is $196.29.
    expect(previewOf(draft(ticked), 15)).toEqual({
      goodsCents: 130_862,
      defaultFeeCents: 19_629,
      feeCents: 19_629,
      creditCents: 111_233,
    });
  });

  it('takes the fee entered instead, and never credits less than nothing', () => {
    expect(previewOf(draft(ticked, { restockingFeeCents: 2_000 }), 15).creditCents).toBe(128_862);
    expect(previewOf(draft(ticked, { restockingFeeCents: 999_999 }), 15).creditCents).toBe(0);
  });
});
