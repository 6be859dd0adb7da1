import { divRoundHalfUp } from './pricing';

/**
 * Progress billing (decision 0043): what an invoice for work done to date bills, per line of the
 * order, so that change orders and rounding never drift. Everything is integer cents, rounded half
 * up; percentages are hundredths of a percent (40 % is 4000).
 *
 * - W (work this invoice) = round(percent complete × the line's current contract value) − what
 *   earlier invoices billed of the line.
 * - Tax on W, per line at the line's rate.
 * - Deposit recovered to date = round(deposit × percent complete); this invoice recovers that
 *   minus what earlier invoices recovered, so the deposit is all recovered at 100 %.
 * - Retention = round(rate × W), on W before tax.
 * - Due = W + tax on W − retention − deposit recovered.
 */
export type ProgressLineIn = {
  /** The order line (or 'shipping'): how earlier invoices' work is matched to it. */
  key: string;
  /** What the line is worth now (after its discounts, before tax): the contract value. */
  contractCents: number;
  taxRateBps: number;
  /** What earlier invoices (not void) billed of it. */
  billedBeforeCents: number;
};

export type ProgressIn = {
  /** Percent complete now, in hundredths (0 to 10000). */
  percentE2: number;
  lines: ProgressLineIn[];
  /** What was invoiced as the deposit (deposit invoices not void). */
  depositCents: number;
  /** What earlier progress invoices recovered of it. */
  depositRecoveredBeforeCents: number;
  /** The retention rate, in hundredths of a percent (10 % is 1000). */
  retentionE2: number;
  /** No tax on any line (the customer is exempt). */
  taxExempt?: boolean;
};

export type ProgressLineOut = { key: string; workCents: number; taxCents: number };

export type ProgressOut = {
  lines: ProgressLineOut[];
  workCents: number;
  taxCents: number;
  retentionCents: number;
  depositRecoveredCents: number;
  dueCents: number;
};

const ofPercent = (cents: number, e2: number) => Number(divRoundHalfUp(BigInt(cents) * BigInt(e2), 10_000n));

/** Why progress cannot be billed as asked (the field it is about, and what to do). */
export class ProgressError extends Error {
  constructor(
    message: string,
    readonly field: string,
  ) {
    super(message);
  }
}

/** Bills progress to `percentE2` (the rule above). */
export function progressInvoice(input: ProgressIn): ProgressOut {
  const { percentE2 } = input;
  if (!Number.isInteger(percentE2) || percentE2 <= 0 || percentE2 > 10_000)
    throw new ProgressError('Percent complete is more than 0 and at most 100 %.', 'percent');
  const lines = input.lines.map((line) => {
    const toDate = ofPercent(line.contractCents, percentE2);
    const workCents = toDate - line.billedBeforeCents;
    const taxCents = input.taxExempt || workCents <= 0 ? 0 : ofPercent(workCents, line.taxRateBps);
    return { key: line.key, workCents, taxCents };
  });
  // A line billed beyond what it is now worth (a change order took it down) is not billed back
  // here: that is a credit memo's work.
  const over = lines.find((l) => l.workCents < 0);
  if (over)
    throw new ProgressError(
      'Earlier invoices billed more of a line than it is worth at this percentage: issue a credit memo for the difference, or bill a higher percentage.',
      'percent',
    );
  const workCents = lines.reduce((s, l) => s + l.workCents, 0);
  const taxCents = lines.reduce((s, l) => s + l.taxCents, 0);
  const retentionCents = ofPercent(workCents, input.retentionE2);
  const recoveredToDate = ofPercent(input.depositCents, percentE2);
  // Never more than this invoice has to recover it from: what is left is recovered later.
  const depositRecoveredCents = Math.max(
    0,
    Math.min(recoveredToDate - input.depositRecoveredBeforeCents, workCents + taxCents - retentionCents),
  );
  return {
    lines,
    workCents,
    taxCents,
    retentionCents,
    depositRecoveredCents,
    dueCents: workCents + taxCents - retentionCents - depositRecoveredCents,
  };
}

/** A percentage typed with up to two decimals, as hundredths (40.5 → 4050). */
export const percentE2Of = (percent: number) => Math.round(percent * 100);
