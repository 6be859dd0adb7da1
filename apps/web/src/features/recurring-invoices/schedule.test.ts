import { describe, expect, it } from 'vitest';
import { firstInvoiceOn, ordinal, scheduleSentence } from './schedule';

describe('a plan’s schedule in words', () => {
  it('says the day of the month as people do', () => {
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 28].map(ordinal)).toEqual([
      '1st',
      '2nd',
      '3rd',
      '4th',
      '11th',
      '12th',
      '13th',
      '21st',
      '22nd',
      '23rd',
      '28th',
    ]);
  });

  it('names the months of a quarterly or yearly plan from one of its runs', () => {
    expect(scheduleSentence('monthly', 1, '2030-04-01')).toBe('Every month on the 1st');
    expect(scheduleSentence('quarterly', 15, '2030-06-15')).toBe(
      'Every three months on the 15th (March, June, September and December)',
    );
    expect(scheduleSentence('quarterly', 2, '2030-01-02')).toBe(
      'Every three months on the 2nd (January, April, July and October)',
    );
    expect(scheduleSentence('yearly', 22, '2031-11-22')).toBe('Every year on November 22');
    expect(scheduleSentence('yearly', 3)).toBe('Every year on the 3rd');
  });

  it('finds the first invoice from the later of the start and today, as the server does', () => {
    // Started in the past: from today; today is the day itself, so today.
    expect(firstInvoiceOn('2030-01-01', 10, '2030-03-10')).toBe('2030-03-10');
    expect(firstInvoiceOn('2030-01-01', 1, '2030-03-10')).toBe('2030-04-01');
    // Starting later: from the start, across the year's end.
    expect(firstInvoiceOn('2030-12-20', 5, '2030-03-10')).toBe('2031-01-05');
    // Nothing to say until the day and the start are valid.
    expect(firstInvoiceOn('2030-12-20', 29, '2030-03-10')).toBeNull();
    expect(firstInvoiceOn('2030-12-20', '', '2030-03-10')).toBeNull();
    expect(firstInvoiceOn('', 5, '2030-03-10')).toBeNull();
  });
});
