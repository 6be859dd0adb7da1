import { ApiError } from './api';

/**
 * Any call may discover that the session has ended. The query client reports such failures
 * here; the session provider listens and signs the user out with the spec's message.
 */
const events = new EventTarget();

export function reportIfSessionExpired(error: unknown): void {
  if (error instanceof ApiError && error.code === 'session_expired') events.dispatchEvent(new Event('expired'));
}

export function onSessionExpired(listener: () => void): () => void {
  events.addEventListener('expired', listener);
  return () => events.removeEventListener('expired', listener);
}
