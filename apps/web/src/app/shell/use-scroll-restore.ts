import { useLayoutEffect } from 'react';
import { useLocation } from 'react-router';

export const SCROLL_RESTORE_DELAY_MS = 500;
const positions = new Map<string, number>();

/**
 * Spec section 4: back (or forward) to a page, its scroll position is restored after 500 ms (the
 * page has loaded its data by then); a page not seen before starts at the top at once.
 *
 * A layout effect, so the listener of the page being left is gone in the same commit that
 * replaces it: the shorter page that follows clamps the scroll and fires a scroll event, which
 * (with a passive effect still listening) overwrote the position being kept.
 */
export function useScrollRestore(): void {
  const location = useLocation();
  useLayoutEffect(() => {
    // The browser's own restoration would jump before the page has its rows.
    if ('scrollRestoration' in window.history) window.history.scrollRestoration = 'manual';
    const key = location.key;
    const save = () => positions.set(key, window.scrollY);
    const known = positions.get(key);
    let timer: number | undefined;
    if (known === undefined) window.scrollTo(0, 0);
    else timer = window.setTimeout(() => window.scrollTo(0, known), SCROLL_RESTORE_DELAY_MS);
    window.addEventListener('scroll', save, { passive: true });
    return () => {
      window.clearTimeout(timer);
      window.removeEventListener('scroll', save);
    };
  }, [location.key]);
}
