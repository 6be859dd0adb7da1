import { segmentSchema } from '@atelier/contracts';
import { describe, expect, it } from 'vitest';
import { EMPTY_SEGMENT, reachWords, ruleCount, sampleWords, segmentError, sendWords } from './segment';

describe('a send’s segment', () => {
  it('starts with no rule: every customer who agreed', () => {
    expect(segmentSchema.parse(EMPTY_SEGMENT)).toEqual(EMPTY_SEGMENT);
    expect(ruleCount(EMPTY_SEGMENT)).toBe(0);
    expect(ruleCount({ ...EMPTY_SEGMENT, tags: ['vip'], spentOverCents: 0, lastOrderBefore: '2026-01-31' })).toBe(3);
  });

  it('says how many it reaches, and what the button sends to', () => {
    expect(reachWords(1)).toBe('Reaches 1 customer who agreed to marketing emails');
    expect(reachWords(1250)).toBe('Reaches 1,250 customers who agreed to marketing emails');
    expect(sendWords(0)).toBe('Send to 0 customers');
    expect(sendWords(1)).toBe('Send to 1 customer');
  });

  it('names the first few, and how many more', () => {
    expect(sampleWords(['Dana Reyes', 'Sam Ortiz'], 12)).toBe('Dana Reyes, Sam Ortiz and 10 more');
    expect(sampleWords(['Dana Reyes', 'Sam Ortiz', 'Lee Park'], 3)).toBe('Dana Reyes, Sam Ortiz and Lee Park');
    expect(sampleWords(['Dana Reyes'], 1)).toBe('Dana Reyes');
    expect(sampleWords([], 0)).toBe('');
  });

  it('finds a field’s error by its path, an item’s too', () => {
    const errors = { 'segment.tags.3': 'Use at most 40 characters.', 'segment.spentOverCents': 'Use 0 or more.' };
    expect(segmentError(errors, 'tags')).toBe('Use at most 40 characters.');
    expect(segmentError(errors, 'spentOverCents')).toBe('Use 0 or more.');
    expect(segmentError(errors, 'sources')).toBeUndefined();
  });
});
