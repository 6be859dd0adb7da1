import { z } from 'zod';
import { personRefSchema } from './records';

export const INTERACTION_KINDS = ['call', 'email', 'meeting', 'note'] as const;
export type InteractionKind = (typeof INTERACTION_KINDS)[number];

export const interactionInputSchema = z.strictObject({
  kind: z.enum(INTERACTION_KINDS, { error: 'Choose call, email, meeting or note.' }),
  occurredAt: z.iso.datetime({ offset: true, error: 'Enter when it happened.' }),
  summary: z.string().trim().min(1, 'Write what was said or agreed.').max(5000, 'Use at most 5,000 characters.'),
  followUpOn: z.iso.date('Use a date like 2026-01-31.').nullable().default(null),
  followUpDone: z.boolean().default(false),
});
export type InteractionInput = z.input<typeof interactionInputSchema>;

export const interactionSchema = z.strictObject({
  _id: z.uuid(),
  entityType: z.string(),
  entity: z.uuid(),
  kind: z.enum(INTERACTION_KINDS),
  occurredAt: z.string(),
  summary: z.string(),
  followUpOn: z.string().nullable(),
  followUpDone: z.boolean(),
  author: personRefSchema.nullable(),
  version: z.number().int(),
});
export type Interaction = z.output<typeof interactionSchema>;

/** A follow-up due for its author, with where it belongs. */
export const followUpSchema = interactionSchema.extend({ recordName: z.string(), href: z.string() });
export type FollowUp = z.output<typeof followUpSchema>;

export const ACTIVITY_TYPES = ['interaction', 'file', 'change'] as const;

/** One line of a record's timeline: an interaction, a file, or a change (GET /{kind}/{id}/activities). */
export const activitySchema = z.strictObject({
  _id: z.uuid(),
  type: z.enum(ACTIVITY_TYPES),
  at: z.string(),
  by: personRefSchema.nullable(),
  title: z.string(),
  detail: z.string(),
  /** A file's address (files only). */
  href: z.string().optional(),
});
export type Activity = z.output<typeof activitySchema>;
