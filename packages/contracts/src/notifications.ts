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

export type Notification = { _id: string; message: string; isRead: boolean; link: string | null; createdAt: string };
