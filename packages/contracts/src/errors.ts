import { z } from 'zod';

/** Machine-readable error codes; `message` is always a sentence a person can act on. */
export const ERROR_CODES = [
  'validation',
  'unauthenticated',
  'session_expired',
  'forbidden',
  'feature_disabled',
  'not_found',
  'conflict',
  'too_large',
  'unprocessable',
  'rate_limited',
  'unavailable',
  'internal',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** The one error shape every API answer uses. `fields` maps a dotted field path to its message. */
export const errorBodySchema = z.object({
  error: z.object({
    code: z.enum(ERROR_CODES),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
    /** The record in the way, when there is one (the product that already has this SKU). */
    link: z.object({ href: z.string(), label: z.string() }).optional(),
  }),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** A success that is only a sentence for a person: "Password reset email sent." */
export const messageSchema = z.strictObject({ message: z.string() });
export type Message = z.output<typeof messageSchema>;

/** The exact text spec section 8 relays for an unknown or expired session. */
export const SESSION_EXPIRED_MESSAGE = 'Failed to authenticate token.';
