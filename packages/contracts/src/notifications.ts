import { z } from 'zod';

export const UNREAD_NOTIFICATIONS_LIMIT = 10;

const booleanString = z.enum(['true', 'false']).transform((v) => v === 'true');

/** GET /api/v1/notifications?isRead=false&limit=10&before={id} */
export const notificationListQuerySchema = z.object({
  isRead: booleanString.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  before: z.uuid('Not a valid notification id.').optional(),
});
/** The query as the client sends it. */
export type NotificationListQuery = { isRead?: 'true' | 'false'; limit?: number; before?: string };

/** PUT /api/v1/notifications/{id}: marks it read (or unread again). */
export const notificationUpdateSchema = z.strictObject({ isRead: z.boolean().default(true) }).default({ isRead: true });

export const notificationSchema = z.strictObject({
  _id: z.uuid(),
  message: z.string(),
  isRead: z.boolean(),
  /** Where following it leads (none for a record since deleted). */
  link: z.string().nullable(),
  createdAt: z.string(),
});
export type Notification = z.output<typeof notificationSchema>;
