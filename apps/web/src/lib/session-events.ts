import { ApiError } from './api';

/**
 * Any call may discover that the session has ended. The query client reports such failures
 * here; the session provider listens and signs the user out with the spec's message.
 *
 * The restore starts before the session provider is drawn (`prefetchSession`), so its answer
 * may come before anyone listens: such a report waits for the first listener.
 */
const listeners = new Set<() => void>();
let unheard = false;

export function reportIfSessionExpired(error: unknown): void {
  if (!(error instanceof ApiError && error.code === 'session_expired')) return;
  if (listeners.size === 0) unheard = true;
  for (const listener of listeners) listener();
}

export function onSessionExpired(listener: () => void): () => void {
  listeners.add(listener);
  if (unheard) {
    unheard = false;
    listener();
  }
  return () => {
    listeners.delete(listener);
  };
}
