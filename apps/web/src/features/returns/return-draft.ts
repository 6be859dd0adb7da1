import {
  type Return,
  type ReturnableLine,
  type ReturnCondition,
  type ReturnInput,
  type ReturnReason,
  returnInputSchema,
} from '@atelier/contracts';
import { issueFields } from '../../lib/forms';

/** One delivered line of the order as the return form edits it: ticked to come back, and how. */
export type ReturnRowDraft = {
  line: string;
  name: string;
  sku: string;
  unit: string;
  delivered: number;
  /** What other returns already take back of it. */
  returnedElsewhere: number;
  /** The most this return may take back: what is left, plus what it takes already (when edited). */
  max: number;
  unitCreditCents: number;
  selected: boolean;
  quantity: number | '';
  reason: ReturnReason | null;
  condition: ReturnCondition;
  note: string;
};

export type ReturnDraft = {
  order: string | null;
  rows: ReturnRowDraft[];
  /** Undefined: the firm's restocking fee percent of the goods. */
  restockingFeeCents: number | undefined;
  notes: string;
};

export type RowField = 'line' | 'quantity' | 'reason' | 'condition' | 'note';

/** A form's messages: each line's by its order line, and the rest by field (`lines`, `restockingFeeCents`…). */
export type DraftErrors = { rows: Record<string, Partial<Record<RowField, string>>>; fields: Record<string, string> };

const E4 = 10_000;
const e4 = (n: number) => Math.round(n * E4);

/**
 * The order's returnable lines as rows, ticked and filled in as `record` has them when it is a
 * return of this order being edited. `returnable` counts this return's own quantities as taken
 * already, so they are given back to what it may take.
 */
export function draftRows(returnable: readonly ReturnableLine[], record?: Return): ReturnRowDraft[] {
  const own = new Map((record?.lines ?? []).map((l) => [l.line, l]));
  return returnable.map((r) => {
    const mine = own.get(r.line);
    const max = (e4(r.returnable) + e4(mine?.quantity ?? 0)) / E4;
    return {
      line: r.line,
      name: r.name,
      sku: r.sku,
      unit: r.unit,
      delivered: r.delivered,
      returnedElsewhere: Math.max(0, e4(r.returned) - e4(mine?.quantity ?? 0)) / E4,
      max,
      unitCreditCents: r.unitCreditCents,
      selected: Boolean(mine),
      quantity: mine?.quantity ?? (max > 0 ? Math.min(1, max) : ''),
      reason: mine?.reason ?? null,
      condition: mine?.condition ?? 'resellable',
      note: mine?.note ?? '',
    };
  });
}

/**
 * What is sent: the ticked rows, in their order, and which row each sent line is (the server's
 * `lines.{i}.quantity` names the i-th line sent, not the i-th row shown).
 */
export function toInput(draft: ReturnDraft): { input: ReturnInput; rowOf: string[] } {
  const ticked = draft.rows.filter((r) => r.selected);
  return {
    input: {
      order: draft.order ?? '',
      lines: ticked.map((r) => ({
        line: r.line,
        // Nothing typed: "Enter the quantity", not "Use more than 0".
        quantity: r.quantity === '' ? undefined : r.quantity,
        reason: r.reason as ReturnReason,
        condition: r.condition,
        note: r.note,
      })),
      restockingFeeCents: draft.restockingFeeCents ?? null,
      notes: draft.notes,
    },
    rowOf: ticked.map((r) => r.line),
  };
}

/** Per-field messages (the server's or the contract's, by dotted path) onto the rows they are about. */
export function draftErrors(fields: Record<string, string>, rowOf: readonly string[]): DraftErrors {
  const out: DraftErrors = { rows: Object.create(null), fields: Object.create(null) };
  for (const [path, message] of Object.entries(fields)) {
    const match = /^lines\.(\d+)\.(line|quantity|reason|condition|note)$/.exec(path);
    const row = match ? rowOf[Number(match[1])] : undefined;
    if (match && row) {
      out.rows[row] ??= {};
      out.rows[row][match[2] as RowField] ??= message;
    } else out.fields[path] ??= message;
  }
  return out;
}

/** What the return comes to, as the server works it out: each line's credit, the fee, what is credited. */
export function previewOf(draft: ReturnDraft, feePercent: number) {
  const goodsCents = draft.rows.reduce(
    (sum, r) =>
      r.selected && typeof r.quantity === 'number' && r.quantity > 0
        ? sum + Math.round(r.unitCreditCents * r.quantity)
        : sum,
    0,
  );
  const defaultFeeCents = Math.round((goodsCents * feePercent) / 100);
  const feeCents = draft.restockingFeeCents ?? defaultFeeCents;
  return { goodsCents, defaultFeeCents, feeCents, creditCents: Math.max(0, goodsCents - feeCents) };
}

/**
 * The draft checked before it is sent: the contract's messages, and what only the form knows
 * (no more of a line than it may take back, a fee no more than the goods).
 */
export function checkDraft(draft: ReturnDraft, feePercent: number, money: (cents: number) => string) {
  const { input, rowOf } = toInput(draft);
  const parsed = returnInputSchema.safeParse(input);
  const fields: Record<string, string> = parsed.success ? {} : issueFields(parsed.error.issues);
  if (!draft.order) fields.order = 'Choose the order the items come back from.';
  draft.rows.forEach((r) => {
    if (!r.selected || typeof r.quantity !== 'number') return;
    const i = rowOf.indexOf(r.line);
    if (e4(r.quantity) > e4(r.max) && !fields[`lines.${i}.quantity`])
      fields[`lines.${i}.quantity`] =
        r.max > 0 ? `At most ${r.max.toLocaleString('en-US')}: what is left to return.` : 'Nothing is left to return.';
  });
  const { goodsCents } = previewOf(draft, feePercent);
  if (draft.restockingFeeCents !== undefined && draft.restockingFeeCents > goodsCents && !fields.restockingFeeCents)
    fields.restockingFeeCents = `At most ${money(goodsCents)}: what the goods come to.`;
  return { input, rowOf, errors: Object.keys(fields).length ? draftErrors(fields, rowOf) : null };
}
