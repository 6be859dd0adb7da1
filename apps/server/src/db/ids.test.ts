import { describe, expect, it } from 'vitest';
import { isUuid, newId } from './ids';

describe('newId', () => {
  it('makes version-7 UUIDs that increase, even many within one millisecond', () => {
    const ids = Array.from({ length: 5000 }, newId);
    expect(ids.every(isUuid)).toBe(true);
    expect(ids.every((id) => id[14] === '7' && '89ab'.includes(id[19]!))).toBe(true);
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
