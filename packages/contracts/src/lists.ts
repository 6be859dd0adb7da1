import { z } from 'zod';

/** Lists count exactly up to this many rows, then answer "10,000+" (counted within the firm only). */
export const LIST_TOTAL_CAP = 10_000;
export const LIST_TOTAL_CAPPED = '10,000+';

export type ListTotal = number | typeof LIST_TOTAL_CAPPED;
export type ListPage<T> = { items: T[]; total: ListTotal; next: string | null };

export const listLimitSchema = z.coerce
  .number({ error: 'The limit must be a number.' })
  .int('The limit must be a whole number.')
  .min(1, 'The limit must be at least 1.')
  .max(100, 'The limit can be at most 100.')
  .default(50);
