import {
  CALENDAR_FEED_PATH,
  calendarAnswerSchema,
  calendarFeedMadeSchema,
  calendarFeedSchema,
  calendarItemSchema,
  calendarMoveSchema,
  calendarQuerySchema,
} from '@atelier/contracts';
import { z } from 'zod';
import { reserve } from '../../platform/auth/throttle';
import { type Actor, PUBLIC, SIGNED_IN } from '../../platform/http/access';
import { forbidden } from '../../platform/http/errors';
import { type AnyRoute, defineRoute } from '../../platform/http/routes';
import { calendarItems, moveItem } from './calendar.service';
import { feedCalendar, feedOf, makeFeed, revokeFeed } from './feed.service';

/** The calendar is the staff's: a customer signed in to the store has none. */
const staff = (actor: Actor) => {
  if (actor.kind !== 'staff') throw forbidden('The calendar is for the staff of the firm.');
  return actor;
};

// A calendar app reads a feed every few minutes to hours, and one service reads for many people
// from a few addresses: a generous limit, there to stop a script trying tokens or hammering.
const FEED_WINDOW_SECONDS = 10 * 60;
const FEED_READS_PER_ADDRESS = 600;

export const calendarRoutes: AnyRoute[] = [
  defineRoute({
    method: 'GET',
    url: '/calendar',
    summary: "The firm calendar's items between two days (at most 100), by person and kind, of the kinds you may see",
    access: SIGNED_IN,
    query: calendarQuerySchema,
    response: calendarAnswerSchema,
    handler: ({ db, actor, query }) => calendarItems(db, staff(actor), query),
  }),
  defineRoute({
    method: 'POST',
    url: '/calendar/move',
    summary: 'Move a task, job or delivery route to another day: an edit of its record made on the version shown',
    access: SIGNED_IN,
    body: calendarMoveSchema,
    response: calendarItemSchema,
    handler: ({ db, actor, body }) => moveItem(db, staff(actor), body),
  }),
  defineRoute({
    method: 'GET',
    url: '/calendar/feed',
    summary: 'Whether you have a private calendar feed address, when it was made and last read',
    access: SIGNED_IN,
    response: calendarFeedSchema,
    handler: ({ db, actor }) => feedOf(db, staff(actor)),
  }),
  defineRoute({
    method: 'POST',
    url: '/calendar/feed',
    summary: 'Make a new private calendar feed address, shown this once (the one before stops working)',
    access: SIGNED_IN,
    status: 201,
    response: calendarFeedMadeSchema,
    handler: ({ db, actor, deps }) => makeFeed(db, staff(actor), deps.config.appUrl),
  }),
  defineRoute({
    method: 'DELETE',
    url: '/calendar/feed',
    summary: 'Turn off your calendar feed: its address stops working',
    access: SIGNED_IN,
    status: 204,
    handler: async ({ db, actor }) => {
      await revokeFeed(db, staff(actor));
    },
  }),

  // A person's feed, read by their calendar app: no session, found by the token alone.
  defineRoute({
    method: 'GET',
    url: `${CALENDAR_FEED_PATH}/:token.ics`,
    summary: "A person's own calendar items as iCalendar, through their private feed address",
    access: PUBLIC,
    params: z.object({ token: z.string().max(100) }),
    produces: 'text/calendar',
    limit: ({ db, meta }) =>
      reserve(
        db,
        [{ key: `calendar-feed:${meta.ip}`, max: FEED_READS_PER_ADDRESS }],
        FEED_WINDOW_SECONDS,
        'calendar requests from your address',
      ),
    handler: async ({ db, deps, params, reply }) => {
      const ics = await feedCalendar(db, params.token, deps.config.appUrl);
      reply.header('content-type', 'text/calendar; charset=utf-8');
      reply.header('content-disposition', 'inline; filename="calendar.ics"');
      return ics;
    },
  }),
];
