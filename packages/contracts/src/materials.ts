import { z } from 'zod';
import { SELL_UNITS } from './choices';
import { costCentsSchema, SKU_PATTERN } from './products';
import { recordMetaShape, tagsSchema } from './records';

/**
 * A raw material (a slab, a sheet of plywood, hinges by the box): stocked and bought like a
 * product, used in what the firm makes. Its SKU is the firm's once, across products and variants.
 */
export const materialInputSchema = z.strictObject({
  sku: z
    .string()
    .trim()
    .max(64, 'Use at most 64 characters.')
    .refine((v) => v === '' || SKU_PATTERN.test(v), 'Use letters, digits, dots, dashes and slashes.')
    .default(''),
  name: z.string().trim().min(1, 'Give the material a name.').max(200, 'Use at most 200 characters.'),
  description: z.string().max(10_000, 'Use at most 10,000 characters.').default(''),
  unit: z.enum(SELL_UNITS, { error: 'Choose a unit from the list.' }),
  costCents: costCentsSchema.default(0),
  tags: tagsSchema.default([]),
});
export type MaterialInput = z.input<typeof materialInputSchema>;

export const materialSchema = materialInputSchema.extend({ ...recordMetaShape, sku: z.string() });
export type Material = z.output<typeof materialSchema>;

export const materialRowSchema = materialSchema.pick({
  _id: true,
  sku: true,
  name: true,
  unit: true,
  costCents: true,
  tags: true,
  archived: true,
  createdAt: true,
  updatedAt: true,
});
export type MaterialRow = z.output<typeof materialRowSchema>;
