import { type EmailBlock, MERGE_FIELDS, type MergeField } from '@atelier/contracts';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Executor } from '../../db/client';
import { currentSlug } from '../../platform/identity/firm-slugs';
import { firms } from '../../platform/identity/firms.table';
import { getSettingsGroup } from '../../platform/settings/settings.service';
import { productImages, products } from '../products';
import { clickUrl, imageUrl, openUrl, unsubscribeApi, unsubscribePage, unsubscribeToken } from './links';
import type { ProductCard, Rendering } from './render';

type Keyed = Pick<Config, 'appSecret' | 'dataDir' | 'appUrl'>;

/** What every email of one send shares: the firm, its address and settings, the product cards. */
export type SendContext = {
  firmId: string;
  firmName: string;
  website: string;
  postalAddress: string;
  tracking: boolean;
  products: ReadonlyMap<string, ProductCard>;
};

/**
 * The firm's postal address for commercial email: the messaging settings', else the documents'
 * address block. Empty means a send is refused.
 */
export async function postalAddressOf(db: Executor, firmId: string): Promise<string> {
  const messaging = await getSettingsGroup(db, firmId, 'messagingSettings');
  if (messaging.postalAddress.trim()) return messaging.postalAddress.trim();
  return (await getSettingsGroup(db, firmId, 'documentSettings')).addressBlock.trim();
}

/** The context of a send (or a preview) of these blocks. */
export async function sendContext(
  db: Executor,
  config: Keyed,
  firmId: string,
  blocks: readonly EmailBlock[],
): Promise<SendContext> {
  const [firm] = await db
    .select({ name: firms.name, website: firms.website, currency: firms.currency, features: firms.features })
    .from(firms)
    .where(eq(firms.id, firmId));
  const messaging = await getSettingsGroup(db, firmId, 'messagingSettings');
  const ids = [...new Set(blocks.flatMap((b) => (b.type === 'products' ? b.products : [])))];
  const slug = firm!.features.includes('product_store') ? await currentSlug(db, firmId) : null;
  const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: firm!.currency });
  const rows = ids.length
    ? await db
        .select({ id: products.id, name: products.name, priceCents: products.priceCents })
        .from(products)
        .where(and(inArray(products.id, ids), isNull(products.archivedAt)))
    : [];
  const images = ids.length
    ? await db
        .select({ productId: productImages.productId, fileId: productImages.fileId })
        .from(productImages)
        .where(inArray(productImages.productId, ids))
        .orderBy(asc(productImages.position), asc(productImages.id))
    : [];
  const firstImage = new Map<string, string>();
  for (const image of images) if (!firstImage.has(image.productId)) firstImage.set(image.productId, image.fileId);
  return {
    firmId,
    firmName: firm!.name,
    website: firm!.website ?? '',
    postalAddress: await postalAddressOf(db, firmId),
    tracking: messaging.tracking,
    products: new Map(
      rows.map((p) => {
        const file = firstImage.get(p.id);
        return [
          p.id,
          {
            name: p.name,
            price: money.format(p.priceCents / 100),
            imageUrl: file ? imageUrl(config, firmId, file) : null,
            url: slug ? `${config.appUrl}/store/${slug}/p/${p.id}` : null,
          },
        ];
      }),
    ),
  };
}

/** A person an email goes to, as its merge fields read them. */
export type Addressee = { firstName: string; lastName: string; email: string; company: string };

/** The merge values for one person: only the allow-listed fields, on an object with no prototype. */
export function mergeValues(
  context: Pick<SendContext, 'firmName' | 'website'>,
  who: Addressee,
): Record<MergeField, string> {
  const values: Record<MergeField, string> = Object.assign(Object.create(null), {
    first_name: who.firstName,
    last_name: who.lastName,
    full_name: `${who.firstName} ${who.lastName}`.trim(),
    email: who.email,
    company: who.company,
    firm_name: context.firmName,
    firm_website: context.website,
  });
  return values;
}

/** The samples a preview shows, with the firm's own name and website. */
export const sampleAddressee: Addressee = {
  firstName: MERGE_FIELDS.first_name.sample,
  lastName: MERGE_FIELDS.last_name.sample,
  email: MERGE_FIELDS.email.sample,
  company: MERGE_FIELDS.company.sample,
};

/**
 * The rendering of one real recipient's email: their merge values, their own unsubscribe link,
 * and, where the firm counts opens and clicks, the pixel and counted links.
 */
export function recipientRendering(
  config: Keyed,
  context: SendContext,
  who: Addressee & { customerId: string; recipientId: string },
): { rendering: Rendering; headers: Record<string, string> } {
  const token = unsubscribeToken(config, {
    firmId: context.firmId,
    customerId: who.customerId,
    recipientId: who.recipientId,
  });
  return {
    rendering: {
      firmName: context.firmName,
      postalAddress: context.postalAddress,
      values: mergeValues(context, who),
      unsubscribeUrl: unsubscribePage(config, token),
      imageUrl: (file) => imageUrl(config, context.firmId, file),
      products: context.products,
      link: context.tracking ? (url) => clickUrl(config, context.firmId, who.recipientId, url) : (url) => url,
      pixelUrl: context.tracking ? openUrl(config, context.firmId, who.recipientId) : null,
    },
    headers: {
      'List-Unsubscribe': `<${unsubscribeApi(config, token)}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}

/** A preview's or a test's rendering: sample or own values, no counting, a link that says what it is. */
export function sampleRendering(config: Keyed, context: SendContext, who: Addressee): Rendering {
  return {
    firmName: context.firmName,
    postalAddress: context.postalAddress || '(Your postal address goes here: set it in Settings → Messaging.)',
    values: mergeValues(context, who),
    unsubscribeUrl: `${config.appUrl}/unsubscribe/`,
    imageUrl: (file) => imageUrl(config, context.firmId, file),
    products: context.products,
    link: (url) => url,
    pixelUrl: null,
  };
}
