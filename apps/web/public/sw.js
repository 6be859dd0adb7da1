/*
 * The driver app's service worker (registered by features/deliveries/driver-app.ts from
 * /o/deliveries/mine, with the scope /o/deliveries/): the delivery pages open without a
 * connection and show the last routes the driver saw.
 *
 * - Pages (navigations): the network first, the last index.html when there is no answer in time.
 * - Built files (/assets/…, named by their content): from the cache first, kept as they load.
 * - The driver's routes and the session (GET /api/v1/delivery-routes/mine, /api/v1/auth/): the
 *   network first, the last answer when there is none in time. Signing out, or a 401, forgets them.
 * Everything else (writes, other API calls) goes to the network untouched: proofs made offline
 * wait in the page's own queue (IndexedDB), not here.
 */
const VERSION = 1;
const SHELL = `atelier-driver-shell-v${VERSION}`;
const DATA = `atelier-driver-data-v${VERSION}`;
const INDEX = '/index.html';
const START = '/o/deliveries/mine';
const FILES = [
  '/color-scheme.js',
  '/favicon.svg',
  '/deliveries.webmanifest',
  '/icons/driver-192.png',
  '/icons/driver-512.png',
  '/icons/driver-maskable-512.png',
];
const DATA_PATHS = ['/api/v1/delivery-routes/mine', '/api/v1/auth/'];
/** How long a weak connection gets before the last saved answer is shown instead. */
const PAGE_WAIT_MS = 4000;
const DATA_WAIT_MS = 6000;

/** The built files a page loads first: its script, styles and preloads. */
const assetsIn = (html) => [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1]);

const absolute = (path) => new URL(path, self.location.origin).href;

/**
 * Keeps a fresh index.html. When the app was deployed again (the page names other built files),
 * the previous build's files are let go first: the page asks for the new ones only after it has
 * this answer, so none of them is removed.
 */
async function keepPage(response) {
  const cache = await caches.open(SHELL);
  const html = await response.clone().text();
  const fresh = new Set(assetsIn(html).map(absolute));
  const previous = await cache.match(INDEX);
  const before = previous ? assetsIn(await previous.text()).map(absolute) : [];
  if (before.some((url) => !fresh.has(url)))
    for (const request of await cache.keys())
      if (new URL(request.url).pathname.startsWith('/assets/') && !fresh.has(request.url)) await cache.delete(request);
  await cache.put(INDEX, response);
  return [...fresh];
}

async function keepMissing(urls) {
  const cache = await caches.open(SHELL);
  await Promise.allSettled(
    urls.map(async (url) => {
      if (!(await cache.match(url))) await cache.add(url);
    }),
  );
}

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      try {
        const response = await fetch(START, { cache: 'no-cache', credentials: 'same-origin' });
        if (response.ok) await keepMissing(await keepPage(response));
      } catch {
        // Installed all the same: the next page load fills the cache.
      }
      await keepMissing(FILES.map(absolute));
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys())
        if (name.startsWith('atelier-driver-') && name !== SHELL && name !== DATA) await caches.delete(name);
      await self.clients.claim();
    })(),
  );
});

/** The last good answer of one of DATA_PATHS, for when there is no connection. */
async function keepData(key, response) {
  await (await caches.open(DATA)).put(key, response).catch(() => undefined);
}

/**
 * The page tells what it loaded (lazily loaded code among it), to have it offline next time.
 * On its first visit it loaded its data before this worker was there: the worker asks again.
 */
self.addEventListener('message', (event) => {
  if (event.data?.type !== 'keep' || !Array.isArray(event.data.assets)) return;
  const urls = event.data.assets
    .filter((path) => typeof path === 'string' && path.startsWith('/assets/'))
    .map(absolute);
  const data = DATA_PATHS.map(async (path) => {
    const response = await fetch(path, { credentials: 'same-origin', cache: 'no-cache' });
    if (response.ok) await keepData(absolute(path), response);
  });
  event.waitUntil(Promise.allSettled([keepMissing(urls), ...data]));
});

const late = (ms) => new Promise((_, reject) => setTimeout(() => reject(new Error('slow')), ms));

/**
 * The network's answer when it comes in time; otherwise (no connection, too slow, a server
 * error) the last good answer saved under `key`, if any. A late answer still refreshes it.
 */
function networkFirst(event, cacheName, key, wait, keep) {
  const network = fetch(event.request).then(async (response) => {
    if (response.ok) await keep(response.clone());
    else if (response.status === 401) await caches.delete(DATA);
    return response;
  });
  event.waitUntil(network.catch(() => undefined));
  return (async () => {
    const cached = await (await caches.open(cacheName)).match(key, { ignoreVary: true });
    if (!cached) return network;
    try {
      const response = await Promise.race([network, late(wait)]);
      return response.status >= 500 ? cached : response;
    } catch {
      return cached;
    }
  })();
}

async function cacheFirst(request) {
  const cache = await caches.open(SHELL);
  const cached = await cache.match(request, { ignoreVary: true });
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone()).catch(() => undefined);
  return response;
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.method === 'DELETE' && url.pathname === '/api/v1/auth/') {
    // Signing out: the driver's routes and profile leave the phone.
    event.waitUntil(caches.delete(DATA));
    return;
  }
  if (request.method !== 'GET') return;
  if (request.mode === 'navigate') {
    event.respondWith(networkFirst(event, SHELL, INDEX, PAGE_WAIT_MS, keepPage));
    return;
  }
  if (url.pathname.startsWith('/assets/')) {
    event.respondWith(cacheFirst(request));
    return;
  }
  if (DATA_PATHS.includes(url.pathname)) {
    const key = absolute(url.pathname);
    event.respondWith(networkFirst(event, DATA, key, DATA_WAIT_MS, (response) => keepData(key, response)));
    return;
  }
  if (FILES.includes(url.pathname)) {
    const keep = async (response) => (await caches.open(SHELL)).put(url.pathname, response).catch(() => undefined);
    event.respondWith(networkFirst(event, SHELL, absolute(url.pathname), PAGE_WAIT_MS, keep));
  }
});
