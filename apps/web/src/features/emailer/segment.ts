import type { SegmentInput } from '@atelier/contracts';

/** Who a send goes to, as the dialog starts it: every customer who agreed to marketing emails. */
export const EMPTY_SEGMENT = {
  tags: [],
  companies: [],
  sources: [],
  boughtCategories: [],
  spentOverCents: null,
  lastOrderBefore: null,
} satisfies SegmentInput;

export type SegmentState = {
  tags: string[];
  companies: string[];
  sources: string[];
  boughtCategories: string[];
  spentOverCents: number | null;
  lastOrderBefore: string | null;
};

/** How many rules the segment has (none: everyone who agreed). */
export function ruleCount(segment: SegmentState): number {
  return (
    [segment.tags, segment.companies, segment.sources, segment.boughtCategories].filter((l) => l.length > 0).length +
    (segment.spentOverCents === null ? 0 : 1) +
    (segment.lastOrderBefore ? 1 : 0)
  );
}

const customers = (n: number) => `${n.toLocaleString('en-US')} customer${n === 1 ? '' : 's'}`;

/** The dialog's count: "Reaches 12 customers who agreed to marketing emails". */
export const reachWords = (count: number) => `Reaches ${customers(count)} who agreed to marketing emails`;

/** The confirm button: "Send to 12 customers". */
export const sendWords = (count: number) => `Send to ${customers(count)}`;

/** The first few people a segment reaches, after the count ("Dana Reyes, Sam Ortiz and 10 more"). */
export function sampleWords(names: readonly string[], count: number): string {
  if (names.length === 0) return '';
  const more = count - names.length;
  if (more > 0) return `${names.join(', ')} and ${more.toLocaleString('en-US')} more`;
  if (names.length === 1) return names[0]!;
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/** Field errors of a send, as `useCheckedSubmit` and the server name them (`segment.tags`), by the field they belong to. */
export const segmentError = (errors: Record<string, string>, field: keyof SegmentState) =>
  errors[`segment.${field}`] ??
  Object.entries(errors).find(([path]) => path.startsWith(`segment.${field}.`))?.[1] ??
  undefined;
