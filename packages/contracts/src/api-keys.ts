import { z } from 'zod';
import { ALL_PERMISSION_CODES } from './permissions';

/** The start of every API key, so a leaked one is recognisable (and scanners can find it). */
export const API_KEY_PREFIX = 'atk_';

/** A new API key (POST /api-keys): a name to know it by, and the codes it may use. */
export const apiKeyInputSchema = z.strictObject({
  name: z.string().trim().min(1, 'Give the key a name.').max(80, 'Use at most 80 characters.'),
  codes: z
    .array(
      z
        .number()
        .int()
        .refine((c) => (ALL_PERMISSION_CODES as readonly number[]).includes(c), 'Choose codes from the list.'),
      {
        error: 'Choose what the key may do.',
      },
    )
    .min(1, 'Choose at least one permission.')
    .max(200),
});
export type ApiKeyInput = z.input<typeof apiKeyInputSchema>;

export const apiKeySchema = z.strictObject({
  _id: z.uuid(),
  name: z.string(),
  /** The key's first characters, to tell keys apart. */
  prefix: z.string(),
  codes: z.array(z.number().int()),
  createdBy: z.strictObject({ _id: z.uuid(), name: z.string() }).nullable(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type ApiKey = z.output<typeof apiKeySchema>;

/** The answer to creating a key: the only time the key itself is shown. */
export const createdApiKeySchema = apiKeySchema.extend({ key: z.string() });
export type CreatedApiKey = z.output<typeof createdApiKeySchema>;
