import { useEffect } from 'react';

/** Where the driver app lives: the manifest's scope and the service worker's. */
export const DRIVER_SCOPE = '/o/deliveries/';
const MANIFEST = '/deliveries.webmanifest';
const WORKER = '/sw.js';

/** The built files this page loaded, for the worker to keep: they include the lazily loaded ones. */
function loadedAssets(): string[] {
  if (typeof performance === 'undefined' || !performance.getEntriesByType) return [];
  return performance
    .getEntriesByType('resource')
    .map((entry) => new URL(entry.name, location.href))
    .filter((url) => url.origin === location.origin && url.pathname.startsWith('/assets/'))
    .map((url) => url.pathname);
}

async function registerWorker(): Promise<void> {
  const registration = await navigator.serviceWorker.register(WORKER, { scope: DRIVER_SCOPE });
  // Toasts' code loads on the first tap; without a connection that tap would find it missing.
  await import('../../lib/toast-view').catch(() => undefined);
  // The worker keeps the page's own code as it installs; these are what this visit loaded besides
  // (and, on the first visit, the routes it loaded before the worker was there: it asks again).
  const ready = await navigator.serviceWorker.ready;
  (ready.active ?? registration.active)?.postMessage({ type: 'keep', assets: loadedAssets() });
}

/**
 * Makes the driver's page an installable app that opens without a connection: its manifest
 * (added here, so only this page offers to install), and the service worker (public/sw.js) that
 * keeps the app's files and the last routes, for the pages under /o/deliveries/ only.
 */
export function useDriverApp(): void {
  useEffect(() => {
    const link = document.createElement('link');
    link.rel = 'manifest';
    link.href = MANIFEST;
    document.head.append(link);
    if ('serviceWorker' in navigator && window.isSecureContext)
      registerWorker().catch(() => {
        // Without the worker the page works as any other (online only); nothing to tell the driver.
      });
    return () => link.remove();
  }, []);
}
