import { useEffect } from 'react';
import { useLocation } from 'react-router';

export const SCROLL_RESTORE_DELAY_MS = 500;
const positions = new Map<string, number>();

/**
 * Spec section 4: after navigating, the page's scroll position is restored after 500 ms (the
 * page has loaded its data by then); a page not seen before starts at the top.
 */
export function useScrollRestore(): void {
  const location = useLocation();
  useEffect(() => {
    const key = location.key;
    const save = () => positions.set(key, window.scrollY);
    window.addEventListener('scroll', save, { passive: true });
    const timer = window.setTimeout(() => window.scrollTo(0, positions.get(key) ?? 0), SCROLL_RESTORE_DELAY_MS);
    return () => {
      window.clearTimeout(timer);
      window.removeEventListener('scroll', save);
    };
  }, [location.key]);
}
