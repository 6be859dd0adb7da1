import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './api';
import { onSessionExpired, reportIfSessionExpired } from './session-events';

const expired = () => new ApiError(401, 'session_expired', 'Your login has expired, please login again.');

describe('session expiry reports', () => {
  it('reach every listener, and only for an ended session', () => {
    const heard = vi.fn();
    const stop = onSessionExpired(heard);
    reportIfSessionExpired(new ApiError(403, 'forbidden', 'No.'));
    expect(heard).not.toHaveBeenCalled();
    reportIfSessionExpired(expired());
    expect(heard).toHaveBeenCalledTimes(1);
    stop();
    reportIfSessionExpired(expired());
    expect(heard).toHaveBeenCalledTimes(1);
  });

  it('wait for the first listener when nobody listens yet (the restore answers before the page is drawn)', () => {
    reportIfSessionExpired(expired());
    const late = vi.fn();
    const stop = onSessionExpired(late);
    expect(late).toHaveBeenCalledTimes(1);
    const later = vi.fn();
    const stopLater = onSessionExpired(later);
    expect(later).not.toHaveBeenCalled();
    stop();
    stopLater();
  });
});
