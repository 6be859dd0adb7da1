import {
  bulkResultSchema,
  notificationListQuerySchema,
  notificationSchema,
  notificationUpdateSchema,
} from '@atelier/contracts';
import { z } from 'zod';
import { SIGNED_IN } from '../http/access';
import { idParams } from '../http/params';
import { defineRoute } from '../http/routes';
import { listNotifications, markAllRead, setNotificationRead } from './notifications.service';

export const notificationRoutes = [
  defineRoute({
    method: 'GET',
    url: '/notifications',
    access: SIGNED_IN,
    query: notificationListQuerySchema,
    response: z.array(notificationSchema),
    handler: ({ db, actor, query }) => listNotifications(db, actor, query),
  }),
  defineRoute({
    method: 'PUT',
    url: '/notifications/:id',
    access: SIGNED_IN,
    params: idParams,
    body: notificationUpdateSchema,
    response: notificationSchema,
    handler: ({ db, actor, params, body }) => setNotificationRead(db, actor, params.id, body.isRead),
  }),
  defineRoute({
    method: 'POST',
    url: '/notifications/mark-all-read',
    access: SIGNED_IN,
    // How many were unread.
    response: bulkResultSchema,
    handler: ({ db, actor }) => markAllRead(db, actor),
  }),
];
