import { createHash, randomBytes } from 'node:crypto';
import {
  CALENDAR_FEED_DAYS,
  CALENDAR_FEED_PATH,
  type CalendarFeed,
  type CalendarFeedMade,
  calendarAddDays,
} from '@atelier/contracts';
import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { enterScope } from '../../db/tenancy';
import { recordAudit } from '../../platform/audit/audit.service';
import { staffActorOf } from '../../platform/auth/user-actor';
import type { Actor } from '../../platform/http/access';
import { notFound } from '../../platform/http/errors';
import { itemsOf } from './calendar.service';
import { calendarFeeds } from './calendar.table';
import { icsOf } from './ics';
import { visibleSources } from './registry';

/** 32 random bytes as 43 URL-safe characters: the feed's address is the only key to it. */
const FEED_TOKEN = /^[A-Za-z0-9_-]{43}$/;
const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');
const NO_FEED = 'There is no calendar at this address. It may have been replaced or turned off.';

type FeedRow = typeof calendarFeeds.$inferSelect;
const shown = (row: FeedRow | undefined): CalendarFeed => ({
  active: Boolean(row),
  createdAt: row?.createdAt.toISOString() ?? null,
  lastUsedAt: row?.lastUsedAt?.toISOString() ?? null,
});

/** GET /calendar/feed: whether I have a feed address, when it was made and last read. */
export async function feedOf(db: Executor, actor: Actor): Promise<CalendarFeed> {
  const [row] = await db.select().from(calendarFeeds).where(eq(calendarFeeds.userId, actor.userId));
  return shown(row);
}

/** POST /calendar/feed: a new address for my feed, shown this once; the one before stops working. */
export async function makeFeed(db: Executor, actor: Actor, appUrl: string): Promise<CalendarFeedMade> {
  const token = randomBytes(32).toString('base64url');
  await db.delete(calendarFeeds).where(eq(calendarFeeds.userId, actor.userId));
  const [row] = await db
    .insert(calendarFeeds)
    .values({ firmId: actor.firmId, userId: actor.userId, tokenHash: hashOf(token) })
    .returning();
  await recordAudit(db, actor, { entityType: 'calendar_feed', entityId: row!.id, action: 'create' });
  return { ...shown(row), url: `${appUrl}/api/v1${CALENDAR_FEED_PATH}/${token}.ics` };
}

/** DELETE /calendar/feed: my feed's address stops working. */
export async function revokeFeed(db: Executor, actor: Actor): Promise<void> {
  const [row] = await db
    .delete(calendarFeeds)
    .where(eq(calendarFeeds.userId, actor.userId))
    .returning({ id: calendarFeeds.id });
  if (row) await recordAudit(db, actor, { entityType: 'calendar_feed', entityId: row.id, action: 'revoke' });
}

/**
 * GET /public/calendar/{token}.ics: the person's own items (assigned to them, driven by them,
 * made by them) from a month back to half a year ahead of the firm's today, of the kinds they
 * may see now. Found by the token's hash alone; a plain 404 for one that names no feed.
 */
export async function feedCalendar(db: Executor, token: string, appUrl: string): Promise<string> {
  if (!FEED_TOKEN.test(token)) throw notFound(NO_FEED);
  const { rows } = await db.execute<{ feed_id: string; firm_id: string; user_id: string }>(
    sql`SELECT * FROM calendar_feed_find(${hashOf(token)})`,
  );
  const found = rows[0];
  if (!found) throw notFound(NO_FEED);
  await enterScope(db, { firmId: found.firm_id, userId: found.user_id });
  const actor = await staffActorOf(db, found.firm_id, found.user_id);
  if (!actor) throw notFound(NO_FEED);
  const [names] = (
    await db.execute<{ firm: string; person: string; today: string }>(sql`
      SELECT f.name AS firm, trim(u.first_name || ' ' || u.last_name) AS person,
             (now() AT TIME ZONE f.time_zone)::date::text AS today
        FROM firms f JOIN users u ON u.firm_id = f.id
       WHERE f.id = ${found.firm_id} AND u.id = ${found.user_id}`)
  ).rows;
  await db.update(calendarFeeds).set({ lastUsedAt: sql`now()` }).where(eq(calendarFeeds.id, found.feed_id));
  const items = await itemsOf(db, actor, visibleSources(actor), {
    from: calendarAddDays(names!.today, -CALENDAR_FEED_DAYS.back),
    to: calendarAddDays(names!.today, CALENDAR_FEED_DAYS.ahead),
    people: [actor.userId],
  });
  return icsOf(items, names!, appUrl);
}
