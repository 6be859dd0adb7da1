import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { FirstUse, firstUsePart } from './first-use';

/** A "module" whose control counts its clicks, loaded when the test says so. */
function setup() {
  let resolve: (module: { Real: typeof Real }) => void = () => {};
  const load = vi.fn(() => new Promise<{ Real: typeof Real }>((r) => (resolve = r)));
  const clicks = vi.fn();
  function Real() {
    return (
      <button type="button" data-real onClick={clicks}>
        Open
      </button>
    );
  }
  const part = firstUsePart(load);
  render(
    <FirstUse
      part={part}
      standIn={(use) => (
        <button type="button" onClick={use.click}>
          Open
        </button>
      )}
    >
      {(module) => <module.Real />}
    </FirstUse>,
  );
  const arrive = () => act(async () => resolve({ Real }));
  return { load, clicks, arrive };
}

describe('a control loaded on first use', () => {
  it('draws its stand-in and loads nothing until it is used', () => {
    const { load } = setup();
    expect(screen.getByRole('button', { name: 'Open' }).dataset.real).toBeUndefined();
    expect(load).not.toHaveBeenCalled();
  });

  it('loads when the pointer comes over it, then draws the real control', async () => {
    const { load, clicks, arrive } = setup();
    fireEvent.pointerEnter(screen.getByRole('button', { name: 'Open' }), { pointerType: 'mouse' });
    expect(load).toHaveBeenCalledTimes(1);
    await arrive();
    expect(screen.getByRole('button', { name: 'Open' }).dataset.real).toBe('true');
    expect(clicks).not.toHaveBeenCalled();
  });

  it('replays a click made before its code arrived, and moves focus over', async () => {
    vi.useFakeTimers();
    const { clicks, arrive } = setup();
    const standIn = screen.getByRole('button', { name: 'Open' });
    standIn.focus();
    fireEvent.click(standIn);
    await arrive();
    const real = screen.getByRole('button', { name: 'Open' });
    expect(document.activeElement).toBe(real);
    await act(async () => vi.runAllTimers());
    expect(clicks).toHaveBeenCalledTimes(1);
    vi.useRealTimers();
  });

  it('waits for a held press to end before it swaps', async () => {
    vi.useFakeTimers();
    const { arrive } = setup();
    const standIn = screen.getByRole('button', { name: 'Open' });
    fireEvent.pointerDown(standIn);
    await arrive();
    expect(screen.getByRole('button', { name: 'Open' })).toBe(standIn);
    fireEvent.pointerUp(document);
    await act(async () => vi.runAllTimers());
    expect(screen.getByRole('button', { name: 'Open' }).dataset.real).toBe('true');
    vi.useRealTimers();
  });
});
