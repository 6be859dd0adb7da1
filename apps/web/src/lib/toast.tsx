import { Anchor, List } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { followLink } from './navigate';

/** Spec section 9: toasts last 5000 ms; successes after profile actions 3000 ms. */
export const TOAST_DURATION = 5000;
export const PROFILE_SUCCESS_DURATION = 3000;

export type ToastType = 'error' | 'success' | 'info' | 'warning';
export type Toast = {
  type: ToastType | string;
  title?: string;
  message: string;
  list?: string[];
  link?: { href: string; label: string };
  duration?: number;
};

/** Red is error, green success, blue info, anything else a warning (spec section 4). */
export function toastColor(type: string): string {
  switch (type) {
    case 'error':
      return 'red';
    case 'success':
      return 'green';
    case 'info':
      return 'blue';
    default:
      return 'yellow';
  }
}

export function toast({ type, title, message, list, link, duration = TOAST_DURATION }: Toast): string {
  const id = crypto.randomUUID();
  notifications.show({
    id,
    color: toastColor(type),
    title,
    autoClose: duration,
    withBorder: true,
    message: (
      <>
        {message}
        {list && list.length > 0 && (
          <List size="sm" mt={4}>
            {list.map((item) => (
              <List.Item key={item}>{item}</List.Item>
            ))}
          </List>
        )}
        {link && (
          <Anchor href={link.href} onClick={(e) => followLink(e, link.href)} size="sm" display="block" mt={4}>
            {link.label}
          </Anchor>
        )}
      </>
    ),
    // Lets tests and assistive tech tell the kinds apart.
    'data-toast-type': type,
  } as Parameters<typeof notifications.show>[0]);
  return id;
}

export const toastError = (message: string, title?: string) => toast({ type: 'error', message, title });
export const toastSuccess = (message: string, duration?: number) => toast({ type: 'success', message, duration });
