import { describe, expect, it } from 'vitest';
import { PROFILE_SUCCESS_DURATION, TOAST_DURATION, toastColor } from './toast';

describe('toasts', () => {
  it('are red for errors, green for successes, blue for info and a warning otherwise', () => {
    expect(['error', 'success', 'info', 'warning', 'other'].map(toastColor)).toEqual([
      'red',
      'green',
      'blue',
      'yellow',
      'yellow',
    ]);
  });
  it('last 5000 ms, 3000 ms for profile-action successes', () => {
    expect([TOAST_DURATION, PROFILE_SUCCESS_DURATION]).toEqual([5000, 3000]);
  });
});
