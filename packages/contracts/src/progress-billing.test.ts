import { describe, expect, it } from 'vitest';
import { ProgressError, progressInvoice } from './progress-billing';

describe('progress billing', () => {
  // The worked example, exactly: a $48,000.00 kitchen, no tax, a 30 % deposit, 10 % retention.
  it('bills the worked example to the cent', () => {
    const contract = 4_800_000;
    const deposit = 1_440_000;
    let billed = 0;
    let recovered = 0;
    let retained = 0;
    const step = (percentE2: number) => {
      const out = progressInvoice({
        percentE2,
        lines: [{ key: 'kitchen', contractCents: contract, taxRateBps: 0, billedBeforeCents: billed }],
        depositCents: deposit,
        depositRecoveredBeforeCents: recovered,
        retentionE2: 1000,
      });
      billed += out.workCents;
      recovered += out.depositRecoveredCents;
      retained += out.retentionCents;
      return out;
    };
    expect(deposit).toBe(1_440_000);
    expect(step(4000)).toMatchObject({
      workCents: 1_920_000,
      retentionCents: 192_000,
      depositRecoveredCents: 576_000,
      dueCents: 1_152_000,
    });
    expect(step(7500)).toMatchObject({
      workCents: 1_680_000,
      retentionCents: 168_000,
      depositRecoveredCents: 504_000,
      dueCents: 1_008_000,
    });
    expect(step(10_000)).toMatchObject({
      workCents: 1_200_000,
      retentionCents: 120_000,
      depositRecoveredCents: 360_000,
      dueCents: 720_000,
    });
    // The retention release, and everything billed: the contract, no more, no less.
    expect(retained).toBe(480_000);
    expect(recovered).toBe(deposit);
    expect(deposit + 1_152_000 + 1_008_000 + 720_000 + retained).toBe(contract);
  });

  it('bills a change order from its approval on, without drifting', () => {
    // 33.33 % of $1,000.00, then the line grows to $1,200.00 and the job is done.
    const first = progressInvoice({
      percentE2: 3333,
      lines: [{ key: 'a', contractCents: 100_000, taxRateBps: 825, billedBeforeCents: 0 }],
      depositCents: 0,
      depositRecoveredBeforeCents: 0,
      retentionE2: 0,
    });
    expect(first.workCents).toBe(33_330);
    expect(first.taxCents).toBe(2750); // 8.25 % of 333.30 = 27.497… → 27.50
    const last = progressInvoice({
      percentE2: 10_000,
      lines: [{ key: 'a', contractCents: 120_000, taxRateBps: 825, billedBeforeCents: first.workCents }],
      depositCents: 0,
      depositRecoveredBeforeCents: 0,
      retentionE2: 0,
    });
    expect(first.workCents + last.workCents).toBe(120_000);
  });

  it('refuses a percentage outside 0 to 100 %, and billing a line back', () => {
    const base = { lines: [], depositCents: 0, depositRecoveredBeforeCents: 0, retentionE2: 0 };
    expect(() => progressInvoice({ ...base, percentE2: 10_001 })).toThrow(ProgressError);
    expect(() => progressInvoice({ ...base, percentE2: 0 })).toThrow(ProgressError);
    expect(() =>
      progressInvoice({
        ...base,
        percentE2: 5000,
        lines: [{ key: 'a', contractCents: 100_000, taxRateBps: 0, billedBeforeCents: 60_000 }],
      }),
    ).toThrow(/credit memo/);
  });
});
