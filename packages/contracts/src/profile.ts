import { z } from 'zod';
import { currentTaskSchema } from './time';

export const KANBAN_VIEWS = ['kanban', 'list'] as const;
export type KanbanView = (typeof KANBAN_VIEWS)[number];

/** A list's preferred columns (spec section 3: fields are `{label, values}`). */
export const preferredFieldsSchema = z
  .array(
    z.strictObject({
      label: z.string().min(1).max(80),
      values: z.array(z.string().max(80)).max(100),
    }),
  )
  .max(200);

/** A named view of a list: its URL query (filters, sort, search) and columns. */
export const savedViewSchema = z.strictObject({
  name: z.string().trim().min(1, 'Give the view a name.').max(80, 'Use at most 80 characters.'),
  query: z.string().max(2000),
  columns: z.array(z.string().max(80)).max(100).optional(),
  default: z.boolean().optional(),
});
export type SavedView = z.infer<typeof savedViewSchema>;

export const listSettingsSchema = z.record(z.string().max(80), z.array(savedViewSchema).max(50));

export const kanbanSchema = z.strictObject({
  colors: z.record(z.string().max(80), z.string().regex(/^#[0-9a-fA-F]{6}$/, 'Use a colour like #1c7ed6.')),
  view: z.enum(KANBAN_VIEWS, { error: 'The kanban view must be kanban or list.' }),
});
export type Kanban = z.infer<typeof kanbanSchema>;

const nameSchema = (what: string) =>
  z.string().trim().min(1, `Enter your ${what}.`).max(80, `Use at most 80 characters.`);

/**
 * PUT /api/v1/profile/: a partial profile. Strict: anything else (permissions, firm, email…)
 * is refused with 400 rather than silently ignored.
 */
export const profileUpdateSchema = z
  .strictObject({
    first_name: nameSchema('first name'),
    last_name: z.string().trim().max(80, 'Use at most 80 characters.'),
    image: z
      .string()
      .max(2000)
      .refine(
        (v) => v === '' || v.startsWith('/') || /^https:\/\//.test(v),
        'Use an https address or an uploaded image.',
      )
      .nullable(),
    fields: preferredFieldsSchema,
    list_settings: listSettingsSchema,
    kanban: kanbanSchema,
  })
  .partial();
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;

export const profileRoleSchema = z.strictObject({
  _id: z.uuid(),
  name: z.string(),
  permissions: z.array(z.number().int()),
});
export type ProfileRole = z.output<typeof profileRoleSchema>;

/** A recent or saved search (GET, PATCH, PUT and POST /profile/recent-search answer the list). */
export const recentSearchSchema = z.strictObject({
  _id: z.uuid(),
  name: z.string(),
  type: z.string(),
  /** The record opened from this search, when one was. */
  search_id: z.uuid().nullable(),
  date: z.string(),
  saved: z.boolean(),
  search: z.string(),
});
export type RecentSearch = z.output<typeof recentSearchSchema>;

/** A record the user follows (POST /profile/subscriptions answers the list). */
export const subscriptionSchema = z.strictObject({ entity: z.uuid(), entityType: z.string() });
export type Subscription = z.output<typeof subscriptionSchema>;

/** The signed-in user as spec section 3 describes it, plus the firm it belongs to. */
export const profileSchema = z.strictObject({
  _id: z.uuid(),
  kind: z.enum(['staff', 'customer']),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  image: z.string().nullable(),
  permissions: z.array(profileRoleSchema),
  fields: preferredFieldsSchema,
  list_settings: listSettingsSchema,
  // As stored: a value older than the two the board knows reads back as it is, and the board
  // logs it as invalid and shows kanban (spec section 4).
  kanban: kanbanSchema.extend({ view: z.string() }),
  warehouse: z.uuid().nullable(),
  currentTask: currentTaskSchema.nullable(),
  clocked_in: z.boolean(),
  /** When the running time entry started, while clocked in. */
  clocked_in_since: z.string().nullable(),
  subscriptions: z.array(subscriptionSchema),
  searches: z.strictObject({ general: z.array(recentSearchSchema) }),
  firm: z.strictObject({
    _id: z.uuid(),
    name: z.string(),
    features: z.array(z.string()),
    onboarded: z.boolean(),
    /** The zone the firm's days are counted in (timesheets, due dates): its settings'. */
    timeZone: z.string(),
  }),
  /** The staff member signed in as this customer, when one is. */
  impersonator: z.strictObject({ _id: z.uuid(), first_name: z.string(), last_name: z.string() }).nullable(),
});
export type Profile = z.output<typeof profileSchema>;

/**
 * DELETE /auth/impersonation: back to the staff member's own session. `profile` is null when
 * that session has ended meanwhile (then they sign in again).
 */
export const endImpersonationSchema = z.strictObject({ profile: profileSchema.nullable() });
export type EndImpersonation = z.output<typeof endImpersonationSchema>;
