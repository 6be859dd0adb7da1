import { z } from 'zod';

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

export type ProfileRole = { _id: string; name: string; permissions: number[] };
export type RecentSearch = {
  _id: string;
  name: string;
  type: string;
  search_id: string | null;
  date: string;
  saved: boolean;
  search: string;
};

/** The signed-in user as spec section 3 describes it, plus the firm it belongs to. */
export type Profile = {
  _id: string;
  kind: 'staff' | 'customer';
  email: string;
  first_name: string;
  last_name: string;
  image: string | null;
  permissions: ProfileRole[];
  fields: z.infer<typeof preferredFieldsSchema>;
  list_settings: z.infer<typeof listSettingsSchema>;
  kanban: Kanban;
  warehouse: string | null;
  currentTask: { _id: string; name: string } | null;
  clocked_in: boolean;
  subscriptions: { entity: string; entityType: string }[];
  searches: { general: RecentSearch[] };
  firm: { _id: string; name: string; features: string[]; onboarded: boolean };
  impersonator: { _id: string; first_name: string; last_name: string } | null;
};
