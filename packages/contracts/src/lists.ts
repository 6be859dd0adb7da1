import { z } from 'zod';

/** Lists count exactly up to this many rows, then answer "10,000+" (counted within the firm only). */
export const LIST_TOTAL_CAP = 10_000;
export const LIST_TOTAL_CAPPED = '10,000+';
/** The answer to a list cursor that is not one the server made (forged, truncated, too long). */
export const INVALID_CURSOR_MESSAGE = 'This page link is no longer valid. Start again from the first page.';

export type ListTotal = number | typeof LIST_TOTAL_CAPPED;
export type ListPage<T> = { items: T[]; total: ListTotal; next: string | null };

/** A page of a list is at most this many rows, unless its kind says more (`pageMax`). */
export const LIST_PAGE_MAX = 100;

const limitSchema = (max: number) =>
  z.coerce
    .number({ error: 'The limit must be a number.' })
    .int('The limit must be a whole number.')
    .min(1, 'The limit must be at least 1.')
    .max(max, `The limit can be at most ${max}.`)
    .default(50);
export const listLimitSchema = limitSchema(LIST_PAGE_MAX);

/**
 * The one list query every list takes: `?q=&sort=-name&filter[status][]=active&limit=50&cursor=`.
 * Which sorts and filters a list allows is its own business (anything else is a 400).
 */
export const listQuerySchema = z.object({
  q: z.string().trim().max(200, 'Search for at most 200 characters.').optional(),
  sort: z.string().max(40).optional(),
  filter: z.record(z.string(), z.array(z.string().max(200)).max(200)).optional(),
  limit: listLimitSchema,
  cursor: z.string().max(500, INVALID_CURSOR_MESSAGE).optional(),
});
export type ListQuery = z.output<typeof listQuerySchema>;
/** The list query of a kind whose pages may be longer (a board that loads whole: 500 tasks a page). */
export const listQuerySchemaUpTo = (max: number) =>
  max === LIST_PAGE_MAX ? listQuerySchema : listQuerySchema.extend({ limit: limitSchema(max) });

/** What a list page sends: the same fields, as the URL carries them. */
export type ListParams = {
  q?: string;
  sort?: string;
  filter?: Record<string, string[]>;
  limit?: number;
  cursor?: string;
};

/** The archive state every archivable list filters on; `active` when not given. */
export const RECORD_STATUSES = ['active', 'archived'] as const;

/** Bulk actions on the selected rows of a list. */
export const bulkActionSchema = z.discriminatedUnion('action', [
  z.strictObject({ action: z.literal('archive'), ids: z.array(z.uuid()).min(1, 'Select at least one row.').max(500) }),
  z.strictObject({ action: z.literal('restore'), ids: z.array(z.uuid()).min(1, 'Select at least one row.').max(500) }),
  z.strictObject({
    action: z.literal('assign'),
    ids: z.array(z.uuid()).min(1, 'Select at least one row.').max(500),
    assignee: z.uuid('Choose someone to assign them to.').nullable(),
  }),
]);
export type BulkAction = z.infer<typeof bulkActionSchema>;
/** What a bulk action answers: how many rows it changed. */
export const bulkResultSchema = z.strictObject({ updated: z.number().int().min(0) });
export type BulkResult = z.output<typeof bulkResultSchema>;

/** A list page (`ListPage`) whose items are `row`s, as a schema (the API's documents and tests). */
export const listPageSchema = <Row extends z.ZodType>(row: Row) =>
  z.strictObject({
    items: z.array(row),
    total: z.union([z.number().int().min(0), z.literal(LIST_TOTAL_CAPPED)]),
    next: z.string().nullable(),
  });

/** Spreadsheet programs run cells that start with these as formulas. */
/** The formats a list exports in (`format=` of its `/export`), and how the Export menu names them. */
export const EXPORT_FORMAT_LABELS = { csv: 'CSV', xlsx: 'Excel (XLSX)' } as const;
export type ExportFormat = keyof typeof EXPORT_FORMAT_LABELS;
export const EXPORT_FORMATS = Object.keys(EXPORT_FORMAT_LABELS) as [ExportFormat, ...ExportFormat[]];

export const CSV_FORMULA_PREFIXES = ['=', '+', '-', '@', '\t', '\r'] as const;
