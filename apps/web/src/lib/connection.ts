import { useSyncExternalStore } from 'react';

/**
 * Whether the server answers. Calls that find it away (no answer, or 503 while its database
 * restarts) retry quietly and mark it 'reconnecting'; the first real answer marks it 'online'.
 * The top bar shows a small indicator meanwhile, never a toast (spec section 8).
 */
export type ConnectionState = 'online' | 'reconnecting';

let state: ConnectionState = 'online';
const listeners = new Set<() => void>();

export function setConnectionState(next: ConnectionState): void {
  if (next === state) return;
  state = next;
  for (const listener of listeners) listener();
}

export const connectionState = (): ConnectionState => state;

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useConnectionState(): ConnectionState {
  return useSyncExternalStore(subscribe, connectionState);
}
