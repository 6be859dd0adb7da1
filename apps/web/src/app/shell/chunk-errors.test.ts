import { afterEach, describe, expect, it, vi } from 'vitest';
import { isChunkLoadError, recoverFromChunkError } from './chunk-errors';

afterEach(() => vi.restoreAllMocks());

describe('chunk load failures', () => {
  it('recognise the browsers’ messages for a missing module', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
  });

  it('reload once, and not again within a minute (no loop)', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const storage = window.sessionStorage;
    storage.clear();
    const reload = vi.fn();
    expect(recoverFromChunkError(new Error('x'), storage, reload)).toBe(true);
    expect(recoverFromChunkError(new Error('x'), storage, reload)).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(console.error).toHaveBeenCalledTimes(2);
  });
});
