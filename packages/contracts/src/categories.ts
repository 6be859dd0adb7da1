import { z } from 'zod';

/** How deep the tree goes: category, subcategory and three levels below (the store's menus show them). */
export const CATEGORY_MAX_DEPTH = 5;

/** POST /categories, PUT /categories/{id}: a new one goes last under its parent (none: the top). */
export const categoryInputSchema = z.strictObject({
  name: z.string().trim().min(1, 'Give the category a name.').max(120, 'Use at most 120 characters.'),
  description: z.string().trim().max(2_000, 'Use at most 2,000 characters.').default(''),
  parentId: z.uuid('Choose a category from the list.').nullable().default(null),
});
export type CategoryInput = z.input<typeof categoryInputSchema>;

/** POST /categories/{id}/move: under which parent (none: the top), at which place among its children. */
export const categoryMoveSchema = z.strictObject({
  parentId: z.uuid('Choose a category from the list.').nullable(),
  position: z.coerce.number().int('Use a whole number.').min(0, 'Use 0 or more.').max(10_000),
  version: z.coerce.number({ error: 'Send the version you moved.' }).int(),
});
export type CategoryMove = z.infer<typeof categoryMoveSchema>;

/** DELETE /categories/{id}?moveTo=…: where its products and subcategories go first. */
export const categoryDeleteQuerySchema = z.strictObject({
  moveTo: z.uuid('Choose a category from the list.').optional(),
});

/** A category as the tree lists it: in tree order, each with its depth, full path and product count. */
export const categorySchema = z.strictObject({
  _id: z.uuid(),
  name: z.string(),
  description: z.string(),
  parentId: z.uuid().nullable(),
  position: z.number().int(),
  depth: z.number().int(),
  /** "Cabinets / Base cabinets". */
  path: z.string(),
  /** Products in it (not archived), not counting its subcategories'. */
  products: z.number().int(),
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Category = z.output<typeof categorySchema>;
