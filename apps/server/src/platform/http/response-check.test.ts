import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type AnyRoute, checkResponse } from './routes';

const route = {
  method: 'GET',
  url: '/things/:id',
  response: z.strictObject({ _id: z.string(), name: z.string() }),
} as unknown as AnyRoute;

describe('the response check under test', () => {
  it('passes an answer that matches its schema', () => {
    expect(() => checkResponse(route, { _id: 'a', name: 'Thing' })).not.toThrow();
  });

  it('fails an answer with a field the schema does not declare (a leak), or without one it does', () => {
    expect(() => checkResponse(route, { _id: 'a', name: 'Thing', passwordHash: 'x' })).toThrow(
      /GET \/things\/:id does not match its schema: \(body\): Unrecognized key: "passwordHash"/,
    );
    expect(() => checkResponse(route, { _id: 'a' })).toThrow(/name: /);
  });
});
