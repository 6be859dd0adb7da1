import type { Executor } from '../../../db/client';
import { storeCatalog, storeProductIds } from '../catalog';
import type { Store } from '../public-store';
import { escapeHtml } from './html';
import { storeHref } from './layout';

/** One sitemap file holds at most this many addresses (sitemaps.org). */
const MAX_URLS = 50_000;

/** GET /store/{slug}/sitemap.xml: every page of the store a search engine should know. */
export async function sitemap(db: Executor, store: Store, appUrl: string): Promise<string> {
  const catalog = await storeCatalog(db, store);
  const at = (path: string) => `${appUrl}${storeHref(store, path)}`;
  const urls: { loc: string; lastmod?: string }[] = [{ loc: at('') }];
  for (const c of catalog.categories) {
    urls.push({ loc: at(`c/${c._id}`) });
    for (const child of c.children) urls.push({ loc: at(`c/${c._id}/${child._id}`) });
  }
  for (const c of catalog.collections) urls.push({ loc: at(`col/${c._id}`) });
  for (const v of catalog.vendors) urls.push({ loc: at(`v/${v._id}`) });
  for (const p of await storeProductIds(db, store, MAX_URLS - urls.length))
    urls.push({ loc: at(`p/${p.id}`), lastmod: new Date(p.updatedAt).toISOString().slice(0, 10) });
  return `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${urls.map((u) => `<url><loc>${escapeHtml(u.loc)}</loc>${u.lastmod ? `<lastmod>${u.lastmod}</lastmod>` : ''}</url>`).join('\n')}
</urlset>
`;
}
