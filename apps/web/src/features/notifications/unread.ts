import { type Notification, type NotificationListQuery, UNREAD_NOTIFICATIONS_LIMIT } from '@atelier/contracts';
import { api } from '../../lib/api';

export const notificationKeys = {
  all: ['notifications'] as const,
  list: (query: NotificationListQuery) => ['notifications', query] as const,
};

const UNREAD: NotificationListQuery = { isRead: 'false', limit: UNREAD_NOTIFICATIONS_LIMIT };

/**
 * Unread notifications, limit 10 (spec sections 4 and 9). Apart from the module of hooks: the
 * first chunk starts this query with the session restore (main.tsx).
 */
export const unreadNotificationsQuery = {
  queryKey: notificationKeys.list(UNREAD),
  queryFn: () => api<Notification[]>('GET', '/notifications', undefined, UNREAD),
};
