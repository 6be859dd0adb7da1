/** Upload progress (spec section 3), sent over /api/v1/websocket/ as `{ type: 'progress', progress }`. */
export type Progress = {
  /** Which upload this is about (the client's `upload` id); absent when none runs. */
  id?: string;
  current: number;
  total: number;
  label: string;
  stages: { label: string; count: number }[];
  stage: number;
};

/**
 * A committed change to a record, sent over the events connection (`/api/v1/websocket/?events=1`)
 * to the firm's signed-in users who may read its kind: the web app refreshes what shows it.
 * `version` is the record's version after the change (null when deleted or unknown); `by` is
 * the user who made it, so a client can tell its own changes from someone else's.
 */
export type RecordEvent = {
  type: 'record';
  kind: string;
  id: string;
  version: number | null;
  action: string;
  by: string | null;
};

export type SocketMessage = { type: 'progress'; progress: Progress } | { type: 'pong' } | RecordEvent;

/** The query that makes a socket the always-open events connection rather than an upload's. */
export const EVENTS_SOCKET_QUERY = 'events=1';

/** Spec section 9. */
export const SOCKET_PING_MS = 45_000;
export const PROGRESS_POLL_MS = 100;
export const SOCKET_RECONNECT_MS = 5_000;
