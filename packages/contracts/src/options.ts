import { z } from 'zod';

/** A product's options are as many as it needs (not three): each with its values in order. */
export const MAX_OPTIONS = 10;
export const MAX_OPTION_VALUES = 100;

const label = (what: string) => z.string().trim().min(1, `Enter ${what}.`).max(60, 'Use at most 60 characters.');

export const productOptionSchema = z.strictObject({
  name: label('the option’s name'),
  values: z
    .array(label('a value'))
    .min(1, 'Give the option at least one value.')
    .max(MAX_OPTION_VALUES, `Use at most ${MAX_OPTION_VALUES} values.`)
    .refine((v) => new Set(v.map((x) => x.toLowerCase())).size === v.length, 'Each value once.'),
});
export type ProductOption = z.output<typeof productOptionSchema>;

/** A product's options in order, each named once. */
export const productOptionsSchema = z
  .array(productOptionSchema)
  .max(MAX_OPTIONS, `Use at most ${MAX_OPTIONS} options.`)
  .refine((o) => new Set(o.map((x) => x.name.toLowerCase())).size === o.length, 'Each option once.');
