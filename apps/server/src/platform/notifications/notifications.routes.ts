import { notificationListQuerySchema, notificationUpdateSchema } from '@atelier/contracts';
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
    handler: ({ db, actor, query }) => listNotifications(db, actor, query),
  }),
  defineRoute({
    method: 'PUT',
    url: '/notifications/:id',
    access: SIGNED_IN,
    params: idParams,
    body: notificationUpdateSchema,
    handler: ({ db, actor, params, body }) => setNotificationRead(db, actor, params.id, body.isRead),
  }),
  defineRoute({
    method: 'POST',
    url: '/notifications/mark-all-read',
    access: SIGNED_IN,
    handler: ({ db, actor }) => markAllRead(db, actor),
  }),
];
