import { useSyncExternalStore } from 'react';

import type { Toast } from './toast-kinds';

export { PROFILE_SUCCESS_DURATION, TOAST_DURATION, type Toast, type ToastType, toastColor } from './toast-kinds';

// The toasts' code (Mantine's notifications and their transitions, about 8 kB gzipped) is not
// part of the page (decision 0024). Most toasts answer something the user did, so it starts
// loading with the first key or press on the page and is there when the answer comes; a toast
// before that (a session that expired meanwhile) shows once it has loaded.
type View = typeof import('./toast-view');
let view: View | undefined;
let loading: Promise<View> | undefined;
const listeners = new Set<() => void>();
const loadView = () => {
  loading ??= import('./toast-view').then(
    (loaded) => {
      view = loaded;
      for (const listener of listeners) listener();
      return loaded;
    },
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
};
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
if (typeof document !== 'undefined') {
  const early = () => {
    document.removeEventListener('pointerdown', early, true);
    document.removeEventListener('keydown', early, true);
    loadView().catch(() => {});
  };
  document.addEventListener('pointerdown', early, true);
  document.addEventListener('keydown', early, true);
}

/** Where toasts show, once their code is there (the app's providers hold it). */
export function ToastOutlet() {
  const Toasts = useSyncExternalStore(subscribe, () => view?.Toasts);
  return Toasts ? <Toasts /> : null;
}

export function toast(toast: Toast): string {
  const id = crypto.randomUUID();
  loadView().then(
    (loaded) => loaded.showToast(id, toast),
    () => {},
  );
  return id;
}

export const toastError = (message: string, title?: string) => toast({ type: 'error', message, title });
export const toastSuccess = (message: string, duration?: number) => toast({ type: 'success', message, duration });
