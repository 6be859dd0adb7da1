import {
  PROGRESS_POLL_MS,
  type Progress,
  SOCKET_PING_MS,
  SOCKET_RECONNECT_MS,
  type SocketMessage,
} from '@atelier/contracts';
import { useSyncExternalStore } from 'react';

const EMPTY: Progress = { current: 0, total: 0, label: '', stages: [], stage: 0 };

let progress: Progress = EMPTY;
const listeners = new Set<() => void>();
function set(next: Progress) {
  progress = next;
  for (const listener of listeners) listener();
}

/** The upload progress bar's state; it shows while `total > 0` (spec section 4). */
export function useUploadProgress(): Progress {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => progress,
  );
}

let socket: WebSocket | null = null;
let timers: number[] = [];
let active = 0;
/** The upload the bar shows; reports about any other (an earlier one, say) are ignored. */
let current = '';
/** Work the server does on its own that the bar follows (an import), and since when. */
const followed = new Map<string, number>();
/** How long a followed job may go unreported before the bar stops waiting for it. */
const FOLLOW_GRACE_MS = 3000;

/** Stops following `id`: its end was reported, or the server has nothing running for it. */
function unfollow(id: string) {
  if (!followed.delete(id)) return;
  active--;
  if (active === 0) close();
}

function stopTimers() {
  for (const t of timers) window.clearInterval(t);
  timers = [];
}

function close() {
  stopTimers();
  const s = socket;
  socket = null;
  s?.close();
}

/**
 * Opens /api/v1/websocket/ for the duration of an upload: 'ping' every 45 s, 'progress' every
 * 100 ms. When current reaches total the socket closes and progress resets; if it drops while
 * unfinished it reconnects after 5 s.
 */
function open() {
  if (socket) return;
  const url = `${window.location.protocol === 'https:' ? 'wss' : 'ws'}://${window.location.host}/api/v1/websocket/`;
  const s = new WebSocket(url);
  socket = s;
  s.onopen = () => {
    timers.push(window.setInterval(() => s.readyState === WebSocket.OPEN && s.send('progress'), PROGRESS_POLL_MS));
    timers.push(window.setInterval(() => s.readyState === WebSocket.OPEN && s.send('ping'), SOCKET_PING_MS));
  };
  s.onmessage = (event) => {
    const message = JSON.parse(String(event.data)) as SocketMessage;
    if (message.type !== 'progress') return;
    const p = message.progress;
    // Nothing runs for this person: a followed job that never reported (it had ended) is let go.
    if (!p.id && followed.has(current) && Date.now() - followed.get(current)! > FOLLOW_GRACE_MS) unfollow(current);
    if (p.id !== current) return;
    if (p.total > 0 && p.current >= p.total) {
      set(p);
      if (followed.delete(p.id)) active--;
      close();
      window.setTimeout(() => set(EMPTY), 400);
    } else if (p.total > 0) {
      set(p);
    }
  };
  s.onerror = (event) => console.error('[atelier] progress socket error', event);
  s.onclose = () => {
    if (socket !== s) return; // closed on purpose
    stopTimers();
    socket = null;
    if (active > 0) window.setTimeout(() => active > 0 && open(), SOCKET_RECONNECT_MS);
  };
}

/** Runs an upload while the progress socket reports on it; `work` gets the id to send with it. */
export async function withProgress<T>(label: string, size: number, work: (uploadId: string) => Promise<T>): Promise<T> {
  active++;
  current = crypto.randomUUID();
  set({ id: current, current: 0, total: size, label, stages: [], stage: 0 });
  open();
  try {
    return await work(current);
  } finally {
    active--;
    if (active === 0) {
      // The server's final report normally closes the socket; make sure it ends anyway.
      window.setTimeout(() => {
        if (active === 0) {
          close();
          set(EMPTY);
        }
      }, 1500);
    }
  }
}

/**
 * Shows the progress of work the server runs in the background (an import's check or run, whose
 * reports carry `id`) on every page until it reports its end, across socket drops. Leaving the
 * page does not stop it; coming back to the work's page follows it again.
 */
export function followProgress(id: string): void {
  if (followed.has(id)) return;
  followed.set(id, Date.now());
  active++;
  current = id;
  open();
}
