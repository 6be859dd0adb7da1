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

export type SocketMessage = { type: 'progress'; progress: Progress } | { type: 'pong' };

/** Spec section 9. */
export const SOCKET_PING_MS = 45_000;
export const PROGRESS_POLL_MS = 100;
export const SOCKET_RECONNECT_MS = 5_000;
