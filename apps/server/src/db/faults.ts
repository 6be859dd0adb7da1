/**
 * Whether an error means the database cannot be reached right now (stopped, restarting,
 * unreachable, out of connections), as opposed to a fault of the request or of our code.
 * Such requests answer 503 with Retry-After; the same process serves again once it is back.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e = error as Fault | undefined, depth = 0; e && depth < 5; e = e.cause as Fault | undefined, depth++) {
    if (
      typeof e.code === 'string' &&
      (NETWORK_CODES.has(e.code) || e.code.startsWith('08') || SERVER_CODES.has(e.code))
    )
      return true;
    if (typeof e.message === 'string' && DRIVER_MESSAGES.some((m) => e!.message!.includes(m))) return true;
    // Node reports a refused connection to a host with several addresses as an AggregateError.
    if (Array.isArray(e.errors) && e.errors.some((inner) => isDatabaseUnavailable(inner))) return true;
  }
  return false;
}

type Fault = { code?: unknown; message?: string; cause?: unknown; errors?: unknown[] };

const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

// PostgreSQL: admin_shutdown, crash_shutdown, cannot_connect_now, too_many_connections
// (class 08, connection exceptions, is matched by its prefix).
const SERVER_CODES = new Set(['57P01', '57P02', '57P03', '53300']);

// node-postgres says these in words, without a code.
const DRIVER_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
];
