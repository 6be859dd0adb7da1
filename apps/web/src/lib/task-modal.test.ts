import { describe, expect, it, vi } from 'vitest';
import { onTaskModalRequest, openTaskModal } from './task-modal';

describe('the task modal’s requests', () => {
  it('keeps a request made before the modal listens, and gives it once it does', () => {
    openTaskModal({ id: 'early' });
    const heard = vi.fn();
    const stop = onTaskModalRequest(heard);
    expect(heard).toHaveBeenCalledWith({ id: 'early' });
    openTaskModal({ id: 'later' });
    expect(heard).toHaveBeenLastCalledWith({ id: 'later' });
    stop();
    const again = vi.fn();
    onTaskModalRequest(again)();
    expect(again).not.toHaveBeenCalled();
  });
});
