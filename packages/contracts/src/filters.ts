import { z } from 'zod';

/** A facet's values at most, and a product's (or variant's) filter values at most. */
export const MAX_FILTER_VALUES = 200;
export const MAX_ASSIGNED_FILTER_VALUES = 50;

const label = (what: string) => z.string().trim().min(1, `Enter ${what}.`).max(60, 'Use at most 60 characters.');

/**
 * POST /filters, PUT /filters/{id}: a facet the store shows ("Finish") and its values in the
 * order given. A value keeps its `_id` across edits (products carry the id, so a rename shows
 * everywhere); one without an `_id` is new. A value left out that products or variants carry goes
 * only with `removeUsed` (it is taken off them).
 */
export const filterInputSchema = z.strictObject({
  name: label('the filter’s name'),
  values: z
    .array(z.strictObject({ _id: z.uuid('Not a value of this filter.').optional(), name: label('a value') }))
    .max(MAX_FILTER_VALUES, `Use at most ${MAX_FILTER_VALUES} values.`)
    .refine((v) => new Set(v.map((x) => x.name.toLowerCase())).size === v.length, 'Each value once.')
    .refine((v) => new Set(v.flatMap((x) => (x._id ? [x._id] : []))).size === v.filter((x) => x._id).length, {
      message: 'Each value once.',
    })
    .default([]),
  removeUsed: z.boolean().default(false),
});
export type FilterInput = z.input<typeof filterInputSchema>;

/** A filter value with how many products (not archived) carry it, on themselves or a variant. */
export const filterValueSchema = z.strictObject({ _id: z.uuid(), name: z.string(), products: z.number().int() });
export type FilterValue = z.output<typeof filterValueSchema>;

export const filterSchema = z.strictObject({
  _id: z.uuid(),
  name: z.string(),
  values: z.array(filterValueSchema),
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Filter = z.output<typeof filterSchema>;

/** A filter value as a product or variant names it: "Finish: Walnut". */
export const filterValueRefSchema = z.strictObject({ _id: z.uuid(), name: z.string(), filter: z.string() });
export type FilterValueRef = z.output<typeof filterValueRefSchema>;

/** What a product or variant form sends: the ids of its filter values. */
export const filterValueIdsSchema = z
  .array(z.uuid('Choose filter values from the list.'))
  .max(MAX_ASSIGNED_FILTER_VALUES, `Use at most ${MAX_ASSIGNED_FILTER_VALUES} filter values.`)
  .transform((ids) => [...new Set(ids)]);

/**
 * GET /products/facets (with the products list's `q` and filters): how many products each
 * category and filter value has. Without a search or filter it reads the counts kept with each
 * write; with one, it counts the matching products.
 */
export const facetCountsSchema = z.strictObject({
  categories: z.array(z.strictObject({ _id: z.uuid(), products: z.number().int() })),
  values: z.array(z.strictObject({ _id: z.uuid(), products: z.number().int() })),
});
export type FacetCounts = z.output<typeof facetCountsSchema>;
