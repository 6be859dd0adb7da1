import { useEffect } from 'react';

/**
 * Names the browser tab. The frame names every page after its address in an effect that runs
 * after the page's own (a parent's effects run after its children's), so this waits a turn.
 */
export function usePageTitle(title: string) {
  useEffect(() => {
    const timer = setTimeout(() => {
      document.title = title;
    }, 0);
    return () => clearTimeout(timer);
  }, [title]);
}
