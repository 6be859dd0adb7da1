import { z } from 'zod';

/** A product tag, with how many products carry it (GET /tags). */
export const productTagSchema = z.strictObject({ name: z.string(), products: z.number().int() });
export type ProductTag = z.output<typeof productTagSchema>;

const tag = z.string().trim().min(1, 'Enter a tag.').max(40, 'Tags are at most 40 characters.');

/** /tags/{name}: the tag as its products carry it. */
export const productTagParamsSchema = z.strictObject({ name: tag });

/** PUT /tags/{name}: its new name; one that another tag has merges the two. */
export const productTagRenameSchema = z.strictObject({ name: tag });
