import { DEFAULT_LOGO, PUBLIC_STORE_PATH, type PublicStore } from '@atelier/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { Executor } from '../../db/client';
import { isUuid } from '../../db/ids';
import { enterScope } from '../../db/tenancy';
import { fileUrlId } from '../../platform/files/files.service';
import { sendPublicFile } from '../../platform/files/public-file';
import type { LocalFileStorage } from '../../platform/files/storage';
import { notFound } from '../../platform/http/errors';
import { findStoreFirm } from '../../platform/identity/firm-slugs';
import { firms } from '../../platform/identity/firms.table';
import { getSettingsGroup } from '../../platform/settings/settings.service';

const NO_STORE = 'There is no store at this address. Check the link, or ask the firm for theirs.';
const ADDRESS = /^[a-z0-9-]{1,60}$/i;

/** The store an address names, in its firm's scope from then on; a plain 404 when there is none (or it is closed). */
export async function openStore(db: Executor, slug: string) {
  if (!ADDRESS.test(slug)) throw notFound(NO_STORE);
  const found = await findStoreFirm(db, slug);
  if (!found?.features.includes('product_store')) throw notFound(NO_STORE);
  await enterScope(db, { firmId: found.firmId });
  const [firm] = await db
    .select({ name: firms.name, logo: firms.logo, currency: firms.currency })
    .from(firms)
    .where(eq(firms.id, found.firmId));
  if (!firm) throw notFound(NO_STORE);
  const settings = await getSettingsGroup(db, found.firmId, 'storeSettings');
  return { ...found, firm, settings };
}

export type Store = Awaited<ReturnType<typeof openStore>>;

/** GET /public/store/{slug}: the store's name, banner, logo and whether this visitor sees prices. */
export async function publicStore(db: Executor, slug: string): Promise<PublicStore> {
  return publicStoreOf(await openStore(db, slug));
}

/** What a visitor is told of an open store. */
export function publicStoreOf(store: Store): PublicStore {
  const logo = store.firm.logo && store.firm.logo !== DEFAULT_LOGO ? fileUrlId(store.firm.logo) : null;
  return {
    slug: store.slug,
    name: store.settings.name || store.firm.name,
    logoUrl: logo ? `/api/v1${PUBLIC_STORE_PATH}/${store.slug}/logo` : null,
    banner: store.settings.banner,
    currency: store.firm.currency,
    // Visitors are never signed in yet: a store that asks them to sign in shows no prices.
    showsPrices: store.settings.prices === 'everyone',
  };
}

/** GET /public/store/{slug}/logo: the firm's own logo, the one file of it a visitor may fetch so far. */
export async function storeLogo(db: Executor, storage: LocalFileStorage, slug: string, reply: FastifyReply) {
  const store = await openStore(db, slug);
  const id = store.firm.logo ? fileUrlId(store.firm.logo) : null;
  if (!id || !isUuid(id)) throw notFound('This store has no logo.');
  return sendPublicFile(db, storage, reply, id, (type) => type.startsWith('image/'), 'This store has no logo.');
}
