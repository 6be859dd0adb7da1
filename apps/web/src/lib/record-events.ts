import {
  CALENDAR_KINDS,
  EVENTS_SOCKET_QUERY,
  kindOf,
  type RecordEvent,
  recordApiPath,
  SOCKET_PING_MS,
  SOCKET_RECONNECT_MS,
  type SocketMessage,
} from '@atelier/contracts';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';

/** A change someone else made to a record while it was open here. */
export type ChangedElsewhere = { action: string; at: number };

const changed = new Map<string, ChangedElsewhere>();
const listeners = new Set<() => void>();
const notify = () => {
  for (const listener of listeners) listener();
};

/**
 * Whether someone else changed the record at `path` (its API address) since this page last
 * acknowledged it; `dismiss` acknowledges. Records show the warning; the data refreshes anyway.
 */
export function useChangedElsewhere(path: string): { change: ChangedElsewhere | undefined; dismiss: () => void } {
  const change = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => changed.get(path),
  );
  return {
    change,
    dismiss: () => {
      changed.delete(path);
      notify();
    },
  };
}

// A bulk change arrives as many events at once: the lists and records they touch refresh once.
const FLUSH_MS = 150;

/**
 * Applies committed changes announced by the server: every list and record of the kind that is
 * on screen refreshes (queries not on screen refetch when next used), and a change made by
 * someone else is remembered for the record's page to say so.
 */
function applier(queryClient: QueryClient, me: string) {
  let pending: RecordEvent[] = [];
  let timer: number | undefined;
  const flush = () => {
    timer = undefined;
    const lists = new Set<string>();
    const records = new Set<string>();
    for (const event of pending) {
      const kind = kindOf(event.kind);
      if (!kind) continue;
      const path = recordApiPath(kind, event.id);
      lists.add(kind.apiPath);
      records.add(path);
      if (event.by !== me && event.action !== 'create') changed.set(path, { action: event.action, at: Date.now() });
    }
    const dated = pending.some((event) => (CALENDAR_KINDS as readonly string[]).includes(event.kind));
    pending = [];
    for (const list of lists) void queryClient.invalidateQueries({ queryKey: ['list', list] });
    // The firm calendar (`['calendar', …]`) shows records of several kinds at once.
    if (dated) void queryClient.invalidateQueries({ queryKey: ['calendar'] });
    for (const record of records) void queryClient.invalidateQueries({ queryKey: ['record', record] });
    notify();
  };
  return (event: RecordEvent) => {
    pending.push(event);
    if (timer === undefined) timer = window.setTimeout(flush, FLUSH_MS);
  };
}

/**
 * The always-open events connection of a signed-in page (/api/v1/websocket/?events=1): 'ping'
 * every 45 s, and after a drop it opens again 5 s later. Upload progress has its own socket.
 */
export function useRecordEvents(me: string | undefined): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!me) return;
    const apply = applier(queryClient, me);
    let socket: WebSocket | null = null;
    let ping: number | undefined;
    let retry: number | undefined;
    let stopped = false;
    let opened = false;
    const open = () => {
      const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
      const s = new WebSocket(`${scheme}://${window.location.host}/api/v1/websocket/?${EVENTS_SOCKET_QUERY}`);
      socket = s;
      s.onopen = () => {
        // Whatever changed while the connection was down was not announced: refresh what shows.
        if (opened) {
          void queryClient.invalidateQueries({ queryKey: ['list'] });
          void queryClient.invalidateQueries({ queryKey: ['record'] });
        }
        opened = true;
        ping = window.setInterval(() => s.readyState === WebSocket.OPEN && s.send('ping'), SOCKET_PING_MS);
      };
      s.onmessage = (message) => {
        const data = JSON.parse(String(message.data)) as SocketMessage;
        if (data.type === 'record') apply(data);
      };
      s.onclose = () => {
        window.clearInterval(ping);
        if (!stopped) retry = window.setTimeout(open, SOCKET_RECONNECT_MS);
      };
    };
    open();
    return () => {
      stopped = true;
      window.clearInterval(ping);
      window.clearTimeout(retry);
      socket?.close();
    };
  }, [me, queryClient]);
}
