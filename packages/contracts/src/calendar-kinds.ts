// The calendar's kinds and constants, apart from its schemas: the shell's live updates read
// them, and a module with a zod schema in it would bring zod to the first load (decision 0024).

/**
 * What the firm calendar (`/f/calendar`) shows: dated records of other kinds, each by its record
 * kind's key, so its permission code, module and page come from that kind's declaration (KINDS).
 */
export const CALENDAR_KINDS = [
  'task',
  'customer_job',
  'delivery_route',
  'quote',
  'lead',
  'purchase_order',
  'lien',
] as const;
export type CalendarKind = (typeof CALENDAR_KINDS)[number];

/** How each kind reads on the calendar: its filter's words, and its Mantine colour. */
export const CALENDAR_KIND_INFO: Record<CalendarKind, { label: string; color: string }> = {
  task: { label: 'Tasks due', color: 'indigo' },
  customer_job: { label: 'Jobs', color: 'teal' },
  delivery_route: { label: 'Deliveries', color: 'orange' },
  quote: { label: 'Quotes expiring', color: 'grape' },
  lead: { label: 'Lead follow-ups', color: 'pink' },
  purchase_order: { label: 'Purchase orders due', color: 'cyan' },
  lien: { label: 'Lien deadlines', color: 'red' },
};

/** The longest span one request may ask for: a month view shows six weeks, an agenda one. */
export const CALENDAR_MAX_DAYS = 100;

const DAY_MS = 86_400_000;
/** Days from `from` to `to` (YYYY-MM-DD), counted as the calendar does (no time zone shifts). */
export const calendarDaysBetween = (from: string, to: string) =>
  Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS);
/** A YYYY-MM-DD date moved by some days. */
export const calendarAddDays = (date: string, days: number) =>
  new Date(Date.parse(date) + days * DAY_MS).toISOString().slice(0, 10);

/** The public feed's path under /api/v1: `${CALENDAR_FEED_PATH}/{token}.ics`. */
export const CALENDAR_FEED_PATH = '/public/calendar';
/** How far back and ahead a feed reaches, in days. */
export const CALENDAR_FEED_DAYS = { back: 30, ahead: 180 } as const;
