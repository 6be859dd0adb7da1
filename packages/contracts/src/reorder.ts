import { z } from 'zod';
import { measure } from './products';
import { MAX_VARIANTS } from './variants';

/**
 * A reorder level: when the stock of a product (or, for a product with variants, of one
 * variant) in a warehouse falls to `point` or below, low stock suggests ordering `quantity`.
 * Quantities are in the product's sell unit, to four decimals (sq ft of slab, boxes of tile).
 */
export const reorderLevelSchema = z.strictObject({
  warehouse: z.strictObject({ _id: z.uuid(), name: z.string() }),
  variant: z.strictObject({ _id: z.uuid(), name: z.string() }).nullable(),
  point: z.number(),
  quantity: z.number(),
});
export type ReorderLevel = z.output<typeof reorderLevelSchema>;

/** A product's reorder levels, with the warehouses (not archived, the default first) it may set them in. */
export const reorderLevelsSchema = z.strictObject({
  warehouses: z.array(z.strictObject({ _id: z.uuid(), name: z.string() })),
  levels: z.array(reorderLevelSchema),
});
export type ReorderLevels = z.output<typeof reorderLevelsSchema>;

/**
 * PUT /products/{id}/reorder-levels: the levels to set, each by warehouse (and variant). Both
 * numbers empty takes a level off; the levels not named stay as they are.
 */
export const reorderLevelsEditSchema = z.strictObject({
  levels: z
    .array(
      z
        .strictObject({
          warehouse: z.uuid('Choose a warehouse.'),
          variant: z.uuid('Not a variant of this product.').nullable().default(null),
          point: measure('the reorder point', 1_000_000_000).nullable(),
          quantity: measure('the quantity to order', 1_000_000_000).nullable(),
        })
        .superRefine((level, ctx) => {
          if ((level.point === null) === (level.quantity === null)) {
            if (level.quantity === 0)
              ctx.addIssue({ code: 'custom', path: ['quantity'], message: 'Order more than 0.' });
            return;
          }
          const missing = level.point === null ? 'point' : 'quantity';
          ctx.addIssue({
            code: 'custom',
            path: [missing],
            message: missing === 'point' ? 'Enter the reorder point too.' : 'Enter the quantity to order too.',
          });
        }),
    )
    .min(1, 'Set at least one level.')
    .max(MAX_VARIANTS * 5, 'Set at most 10,000 levels at once.'),
});
export type ReorderLevelsEdit = z.input<typeof reorderLevelsEditSchema>;
