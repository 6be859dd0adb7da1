import { UNSUBSCRIBE_INVALID, type UnsubscribeAnswer } from '@atelier/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { Config } from '../../config';
import type { Executor } from '../../db/client';
import { enterScope } from '../../db/tenancy';
import { recordAudit } from '../../platform/audit/audit.service';
import { sendPublicFile } from '../../platform/files/public-file';
import type { LocalFileStorage } from '../../platform/files/storage';
import { badRequest, notFound } from '../../platform/http/errors';
import { firms } from '../../platform/identity/firms.table';
import { customers } from '../customers';
import { emailRecipients } from './emails.table';
import { readClickToken, readImageToken, readOpenToken, readUnsubscribeToken } from './links';

type Keyed = Pick<Config, 'appSecret' | 'dataDir' | 'appUrl'>;

/** The person an unsubscribe token names, in their firm's scope; a changed token changes nothing. */
async function tokenHolder(db: Executor, config: Keyed, token: unknown) {
  const fields = readUnsubscribeToken(config, token);
  if (!fields) throw badRequest(UNSUBSCRIBE_INVALID);
  // The token is the server's own, so its firm is: row-level security holds for what follows.
  await enterScope(db, { firmId: fields.firmId });
  const [found] = await db
    .select({
      firmName: firms.name,
      email: customers.primaryEmail,
      consent: customers.marketingConsent,
      version: customers.version,
    })
    .from(customers)
    .innerJoin(firms, eq(firms.id, customers.firmId))
    .where(eq(customers.id, fields.customerId));
  if (!found) throw notFound('This address is no longer on file: it gets no emails from this firm.');
  return { ...fields, ...found };
}

/** GET /public/unsubscribe?t=…: whose address the link is for, and whether it still gets marketing. */
export async function unsubscribeStatus(db: Executor, config: Keyed, token: unknown): Promise<UnsubscribeAnswer> {
  const who = await tokenHolder(db, config, token);
  return { firmName: who.firmName, email: who.email, subscribed: who.consent };
}

/**
 * POST /public/unsubscribe?t=…: the unsubscribe page's button, and a mail app's one-click
 * request (RFC 8058). Every later send's query leaves the person out; the change is audited as
 * made through the link; the send it came with counts it.
 */
export async function unsubscribe(db: Executor, config: Keyed, token: unknown): Promise<UnsubscribeAnswer> {
  const who = await tokenHolder(db, config, token);
  if (who.consent) {
    const [after] = await db
      .update(customers)
      .set({
        marketingConsent: false,
        consentAt: sql`now()`,
        version: sql`${customers.version} + 1`,
        updatedAt: sql`now()`,
      })
      .where(eq(customers.id, who.customerId))
      .returning({ version: customers.version });
    await recordAudit(
      db,
      { firmId: who.firmId, userId: null },
      {
        entityType: 'customer',
        entityId: who.customerId,
        action: 'update',
        version: after!.version,
        before: { marketingConsent: true },
        after: { marketingConsent: false, consentBy: 'unsubscribe link' },
      },
    );
  }
  if (who.recipientId)
    await db
      .update(emailRecipients)
      .set({ unsubscribedAt: sql`COALESCE(${emailRecipients.unsubscribedAt}, now())` })
      .where(and(eq(emailRecipients.id, who.recipientId), eq(emailRecipients.customerId, who.customerId)));
  return { firmName: who.firmName, email: who.email, subscribed: false };
}

/** GET /public/email/image?t=…: an image an email shows, by a link only the server can make. */
export async function emailImage(
  db: Executor,
  config: Keyed,
  storage: LocalFileStorage,
  reply: FastifyReply,
  token: unknown,
) {
  const fields = readImageToken(config, token);
  if (!fields) throw notFound('This image does not exist.');
  await enterScope(db, { firmId: fields[0]! });
  const bytes = await sendPublicFile(
    db,
    storage,
    reply,
    fields[1]!,
    (type) => type.startsWith('image/'),
    'This image does not exist.',
  );
  reply.header('cache-control', 'public, max-age=604800');
  return bytes;
}

/** A transparent 1×1 GIF. */
const PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

/** GET /public/email/open?t=…: the tracking pixel (only in emails of firms that count opens). */
export async function emailOpened(db: Executor, config: Keyed, reply: FastifyReply, token: unknown) {
  const fields = readOpenToken(config, token);
  if (fields) {
    await enterScope(db, { firmId: fields[0]! });
    await db
      .update(emailRecipients)
      .set({ openedAt: sql`COALESCE(${emailRecipients.openedAt}, now())` })
      .where(eq(emailRecipients.id, fields[1]!));
  }
  reply.header('content-type', 'image/gif').header('cache-control', 'no-store');
  return PIXEL;
}

/** GET /public/email/click?t=…: counts the click, then on to the link the email had (signed: no open redirect). */
export async function emailClicked(db: Executor, config: Keyed, reply: FastifyReply, token: unknown) {
  const fields = readClickToken(config, token);
  if (!fields || !/^(https?:\/\/|mailto:)/i.test(fields[2]!)) throw badRequest('This link is not valid.');
  await enterScope(db, { firmId: fields[0]! });
  await db
    .update(emailRecipients)
    .set({
      clickedAt: sql`COALESCE(${emailRecipients.clickedAt}, now())`,
      openedAt: sql`COALESCE(${emailRecipients.openedAt}, now())`,
    })
    .where(eq(emailRecipients.id, fields[1]!));
  reply.code(302).header('location', fields[2]!).header('cache-control', 'no-store');
  return undefined;
}
