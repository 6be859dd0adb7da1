import { describe, expect, it } from 'vitest';
import { unitWords } from './unit-words';

describe('unitWords', () => {
  it('says a unit for one and for many', () => {
    expect([unitWords('box'), unitWords('box', 3), unitWords('sq_ft', 30), unitWords('sheet', 2)]).toEqual([
      'box',
      'boxes',
      'sq ft',
      'sheets',
    ]);
    expect([unitWords('each'), unitWords('each', 4)]).toEqual(['each', 'units']);
  });
});
