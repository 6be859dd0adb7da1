import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api, toQueryString } from './api';

afterEach(() => vi.unstubAllGlobals());

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

  it('says so when the server cannot be reached', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const error = await api('GET', '/auth/').catch((e) => e);
    expect(error).toMatchObject({ status: 0, code: 'network' });
  });

  it('resolves 204 with nothing', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(null, { status: 204 })),
    );
    expect(await api('DELETE', '/auth/')).toBeUndefined();
  });
});
