import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api, RETRY_FOR_MS, toQueryString } from './api';
import { connectionState } from './connection';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
const unavailable = () =>
  json(503, { error: { code: 'unavailable', message: 'The service is briefly unavailable.' } }, { 'retry-after': '5' });

describe('toQueryString', () => {
  it('sends arrays as repeated bracketed keys and skips empty values', () => {
    expect(toQueryString({ isRead: false, limit: 10, 'filter[status]': ['open', 'sent'], q: '', x: undefined })).toBe(
      '?isRead=false&limit=10&filter%5Bstatus%5D%5B%5D=open&filter%5Bstatus%5D%5B%5D=sent',
    );
    expect(toQueryString({})).toBe('');
  });
});

describe('api', () => {
  it('throws the server’s message and per-field messages', async () => {
    const body = {
      error: {
        code: 'validation',
        message: 'Enter a valid email address.',
        fields: { email: 'Enter a valid email address.' },
      },
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify(body), { status: 400 })),
    );
    const error = await api('PUT', '/auth/', { email: 'x' }).catch((e) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      code: 'validation',
      message: 'Enter a valid email address.',
      fields: body.error.fields,
    });
  });

  it('says so when a write cannot reach the server, without retrying it (it may have landed)', async () => {
    const fetch = vi.fn(async () => Promise.reject(new TypeError('Failed to fetch')));
    vi.stubGlobal('fetch', fetch);
    const error = await api('POST', '/customers', { name: 'x' }).catch((e) => e);
    expect(error).toMatchObject({ status: 0, code: 'network' });
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('resolves 204 with nothing', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(null, { status: 204 })),
    );
    expect(await api('DELETE', '/auth/')).toBeUndefined();
  });

  it('retries a read quietly while the server is away, says it is reconnecting, and resolves when it answers', async () => {
    vi.useFakeTimers();
    const answers = [
      () => Promise.reject(new TypeError('Failed to fetch')),
      () => Promise.resolve(unavailable()),
      () => Promise.resolve(json(200, { ok: true })),
    ];
    const fetch = vi.fn(async () => answers.shift()!());
    vi.stubGlobal('fetch', fetch);
    const result = api('GET', '/customers');
    await vi.advanceTimersByTimeAsync(0);
    expect(connectionState()).toBe('reconnecting');
    await vi.advanceTimersByTimeAsync(1000);
    expect(fetch).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(5000);
    expect(await result).toEqual({ ok: true });
    expect(connectionState()).toBe('online');
  });

  it('retries a write that got 503 (it did not commit), and fails after RETRY_FOR_MS with the message', async () => {
    vi.useFakeTimers();
    const fetch = vi.fn(async () => unavailable());
    vi.stubGlobal('fetch', fetch);
    const result = api('PUT', '/customers/1', { version: 1 }).catch((e) => e);
    await vi.advanceTimersByTimeAsync(RETRY_FOR_MS + 5000);
    const error = await result;
    expect(error).toMatchObject({ status: 503, code: 'unavailable' });
    expect(fetch.mock.calls.length).toBeGreaterThan(5);
  });

  it('waits its turn on a busy 429 for reads, but shows a throttle at once', async () => {
    vi.useFakeTimers();
    const busy = json(429, { error: { code: 'rate_limited', message: 'Busy.' } }, { 'retry-after': '1' });
    const answers = [busy, json(200, [])];
    const fetch = vi.fn(async () => answers.shift()!);
    vi.stubGlobal('fetch', fetch);
    const read = api('GET', '/customers');
    await vi.advanceTimersByTimeAsync(1000);
    expect(await read).toEqual([]);
    const locked = json(
      429,
      { error: { code: 'rate_limited', message: 'Try again in 15 minutes.' } },
      { 'retry-after': '900' },
    );
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => locked),
    );
    expect(await api('PUT', '/auth/', {}).catch((e) => e)).toMatchObject({
      status: 429,
      message: 'Try again in 15 minutes.',
    });
  });
});
