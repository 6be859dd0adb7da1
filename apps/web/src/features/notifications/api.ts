import type { Notification } from '@atelier/contracts';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { notificationKeys, unreadNotificationsQuery } from './unread';

export { notificationKeys };

/** Unread notifications, limit 10 (spec sections 4 and 9). */
export function useUnreadNotifications(enabled = true) {
  return useQuery({ ...unreadNotificationsQuery, enabled });
}

/** Marks a notification read, then refetches the unread ones. */
export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<Notification>('PUT', `/notifications/${id}`, { isRead: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}

const PAGE = 20;

/** Every notification, newest first, a page at a time. */
export function useNotificationHistory() {
  return useInfiniteQuery({
    queryKey: [...notificationKeys.all, 'history'],
    queryFn: ({ pageParam }) =>
      api<Notification[]>('GET', '/notifications', undefined, {
        limit: PAGE,
        ...(pageParam ? { before: pageParam } : {}),
      }),
    initialPageParam: '',
    getNextPageParam: (last) => (last.length === PAGE ? last.at(-1)!._id : undefined),
  });
}

export function useMarkAllRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<{ updated: number }>('POST', '/notifications/mark-all-read'),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}
