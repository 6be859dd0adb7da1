const KEY = 'atelier.chunk-reload-at';
const WINDOW_MS = 60_000;

/** A failed dynamic import: the chunk of a page is gone (usually a new version was deployed). */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error ?? '');
  return /dynamically imported module|Importing a module script failed|error loading dynamically imported|Unable to preload CSS/i.test(
    message,
  );
}

/**
 * Reports the failure and reloads the page once to fetch the new build. If a reload already
 * happened within a minute, returns false instead of looping: the caller shows an error.
 */
export function recoverFromChunkError(
  error: unknown,
  storage: Storage = window.sessionStorage,
  reload = () => window.location.reload(),
): boolean {
  console.error('[atelier] a page module failed to load', error);
  const last = Number(storage.getItem(KEY) ?? 0);
  if (Date.now() - last < WINDOW_MS) return false;
  storage.setItem(KEY, String(Date.now()));
  reload();
  return true;
}

/** Vite raises `vite:preloadError` when a chunk's preload fails (spec section 8). */
export function listenForPreloadErrors(): void {
  window.addEventListener('vite:preloadError', (event) => {
    if (recoverFromChunkError((event as Event & { payload?: unknown }).payload)) event.preventDefault();
  });
}
