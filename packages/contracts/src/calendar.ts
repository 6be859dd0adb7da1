import { z } from 'zod';
import { CALENDAR_KINDS, CALENDAR_MAX_DAYS, calendarDaysBetween } from './calendar-kinds';
import { calendarDateSchema, personRefSchema, versionSchema } from './records';

/** A list in a query string: `a,b`, or repeated as `key[]=a&key[]=b`. */
const queryList = <T extends z.ZodType>(item: T, max: number, tooMany: string) =>
  z.preprocess(
    (value) =>
      value === undefined
        ? []
        : (Array.isArray(value) ? value : [value])
            .flatMap((part) => (typeof part === 'string' ? part.split(',') : [part]))
            .map((part) => (typeof part === 'string' ? part.trim() : part))
            .filter((part) => part !== ''),
    z.array(item).max(max, tooMany),
  );

const day = (missing: string) => z.string({ error: missing }).pipe(calendarDateSchema);

/** GET /calendar: the days from `from` to `to` (both included), some people's, some kinds. */
export const calendarQuerySchema = z
  .strictObject({
    from: day('Say which day to start from.'),
    to: day('Say which day to end on.'),
    /** Whose items (the person each is assigned to, driven by, made by): everyone's when empty. */
    people: queryList(z.uuid('Choose people from the list.'), 50, 'Choose at most 50 people.'),
    /** Which kinds: every kind the viewer may see when empty. */
    kinds: queryList(
      z.enum(CALENDAR_KINDS, { error: 'Choose kinds of items from the list.' }),
      CALENDAR_KINDS.length,
      'Choose each kind once.',
    ),
  })
  .superRefine((q, ctx) => {
    const days = calendarDaysBetween(q.from, q.to);
    if (days < 0) ctx.addIssue({ code: 'custom', path: ['to'], message: 'End on or after the first day.' });
    else if (days >= CALENDAR_MAX_DAYS)
      ctx.addIssue({ code: 'custom', path: ['to'], message: `Ask for at most ${CALENDAR_MAX_DAYS} days at a time.` });
  });
export type CalendarQuery = z.input<typeof calendarQuerySchema>;

/** One dated record on the calendar. Dates are whole days; `end` is the day after the last (as iCalendar and FullCalendar count). */
export const calendarItemSchema = z.strictObject({
  /** The record's id. */
  _id: z.uuid(),
  kind: z.enum(CALENDAR_KINDS),
  title: z.string(),
  /** A line under the title: the customer, the vendor, the job. */
  subtitle: z.string(),
  start: z.string(),
  end: z.string(),
  allDay: z.boolean(),
  /** The record's page in the web app. */
  href: z.string(),
  /** Whose it is: the assignee, the driver, the job's manager, who made the quote or order. */
  person: personRefSchema.nullable(),
  /** Its record's status, in words. */
  status: z.string(),
  /** Whether the viewer may drag it to another day (`POST /calendar/move` with `version`). */
  editable: z.boolean(),
  version: z.number().int(),
});
export type CalendarItem = z.output<typeof calendarItemSchema>;

/** GET /calendar: the items, and the kinds the viewer may see (the filter's choices). */
export const calendarAnswerSchema = z.strictObject({
  items: z.array(calendarItemSchema),
  kinds: z.array(z.enum(CALENDAR_KINDS)),
});
export type CalendarAnswer = z.output<typeof calendarAnswerSchema>;

/** POST /calendar/move: an item dragged to another day, as an edit of its record made on `version`. */
export const calendarMoveSchema = z.strictObject({
  kind: z.enum(CALENDAR_KINDS, { error: 'Choose a kind of item from the list.' }),
  id: z.uuid('Choose an item of the calendar.'),
  version: versionSchema.shape.version,
  /** Its new first day. */
  date: calendarDateSchema,
});
export type CalendarMove = z.input<typeof calendarMoveSchema>;

/** GET /calendar/feed: whether I have a private feed address, and when it was made and last read. */
export const calendarFeedSchema = z.strictObject({
  active: z.boolean(),
  createdAt: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
});
export type CalendarFeed = z.output<typeof calendarFeedSchema>;

/** POST /calendar/feed: a new private address (the old one stops working), shown this once. */
export const calendarFeedMadeSchema = calendarFeedSchema.extend({ url: z.string() });
export type CalendarFeedMade = z.output<typeof calendarFeedMadeSchema>;
