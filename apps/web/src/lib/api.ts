import type { ErrorBody, ErrorCode } from '@atelier/contracts';
import { setConnectionState } from './connection';

/** An API failure with the server's message (shown in the red toast) and per-field messages. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode | 'network',
    message: string,
    readonly fields: Record<string, string> = {},
    /** The record in the way, when there is one. */
    readonly link?: { href: string; label: string },
  ) {
    super(message);
  }
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type Query = Record<string, string | number | boolean | undefined | null | Array<string | number>>;

/** Query strings as spec section 7 sends them: arrays as repeated bracketed keys. */
export function toQueryString(query: Query = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) for (const item of value) params.append(`${key}[]`, String(item));
    else params.append(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** How long a call keeps retrying quietly while the server is away, before it fails. */
export const RETRY_FOR_MS = 60_000;

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Seconds from Retry-After (1–5), or a growing delay: 1, 2, 4, 5, 5… seconds. */
function retryDelayMs(attempt: number, response?: Response): number {
  const header = Number(response?.headers.get('retry-after'));
  const seconds = Number.isFinite(header) && header > 0 ? header : 2 ** attempt;
  return Math.min(5, Math.max(1, seconds)) * 1000;
}

/**
 * Calls /api/v1 with the session cookie; resolves with the JSON body or throws ApiError.
 * While the server cannot answer (no connection; 503 while its database is away) the call
 * waits and tries again for up to RETRY_FOR_MS, and the top bar says it is reconnecting.
 * A 503 means the request's transaction did not commit, so writes are retried too; a call
 * that got no answer at all is retried only when it reads (GET), because a write may have
 * landed. A GET refused for a moment by the per-firm fairness limit (429) also waits its turn.
 */
export async function api<T>(
  method: Method,
  path: string,
  body?: unknown,
  query?: Query,
  /**
   * A create sent with an idempotency key happens once however often it is sent: it is retried
   * like a read when the connection drops (the server answers the retry with the first's record).
   */
  options: { idempotencyKey?: string } = {},
): Promise<T> {
  const started = Date.now();
  const retriable = method === 'GET' || Boolean(options.idempotencyKey);
  for (let attempt = 0; ; attempt++) {
    const canRetry = Date.now() - started < RETRY_FOR_MS;
    let response: Response;
    try {
      response = await fetch(`/api/v1${path}${toQueryString(query)}`, {
        method,
        credentials: 'same-origin',
        headers: {
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(options.idempotencyKey ? { 'idempotency-key': options.idempotencyKey } : {}),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    } catch {
      if (retriable && canRetry) {
        setConnectionState('reconnecting');
        await wait(retryDelayMs(attempt));
        continue;
      }
      throw new ApiError(0, 'network', 'Cannot reach the server. Check your connection and try again.');
    }
    if (response.status === 503 && canRetry) {
      setConnectionState('reconnecting');
      await wait(retryDelayMs(attempt, response));
      continue;
    }
    setConnectionState('online');
    if (response.status === 429 && method === 'GET' && canRetry && busyOnly(response)) {
      await wait(retryDelayMs(attempt, response));
      continue;
    }
    return read<T>(response);
  }
}

/** A 429 that only asks to wait a moment (Retry-After of a few seconds), not a throttle's lockout. */
const busyOnly = (response: Response) => Number(response.headers.get('retry-after')) <= 5;

async function read<T>(response: Response): Promise<T> {
  if (response.status === 204) return undefined as T;
  const data = (await response.json().catch(() => null)) as (ErrorBody & T) | null;
  if (!response.ok) {
    const error = data?.error;
    throw new ApiError(
      response.status,
      error?.code ?? 'internal',
      error?.message ?? `The server answered ${response.status}.`,
      error?.fields,
      error?.link,
    );
  }
  return data as T;
}
