import { Anchor, List } from '@mantine/core';
import { Notifications, notifications } from '@mantine/notifications';
import { followLink } from './navigate';
import { TOAST_DURATION, type Toast, toastColor } from './toast-kinds';

/** Where toasts show: the top right, five at a time (the rest wait their turn). */
export function Toasts() {
  return <Notifications position="top-right" limit={5} />;
}

/** Shows a toast (`toast` in ./toast loads this module with the first one). */
export function showToast(id: string, { type, title, message, list, link, duration = TOAST_DURATION }: Toast) {
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
}
