// What a toast is and how it looks, apart from the code that shows it (loaded on first use).

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
