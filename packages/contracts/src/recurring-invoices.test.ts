import { describe, expect, it } from 'vitest';
import { firstRunOn, nextRunAfter } from './recurring-invoices';

describe('recurring invoice schedule', () => {
  it('starts on the first such day on or after the start, and steps by whole months', () => {
    expect(firstRunOn('2026-11-28', 1)).toBe('2026-12-01');
    expect(firstRunOn('2026-11-01', 1)).toBe('2026-11-01');
    expect(firstRunOn('2026-12-15', 10)).toBe('2027-01-10');
    expect(nextRunAfter('2026-12-01', 'monthly')).toBe('2027-01-01');
    expect(nextRunAfter('2026-11-28', 'quarterly')).toBe('2027-02-28');
    expect(nextRunAfter('2026-02-28', 'yearly')).toBe('2027-02-28');
  });
});
