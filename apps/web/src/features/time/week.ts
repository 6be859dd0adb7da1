import { calendarAddDays, instantAt, wallClock } from '@atelier/contracts';

/** Calendar dates (YYYY-MM-DD) counted in UTC, so no time zone moves a day. */
const asUtc = (date: string) => new Date(`${date}T00:00:00Z`);

export { calendarAddDays as addDays, mondayOf } from '@atelier/contracts';

/** "Mon, Nov 23" */
export const dayLabel = (date: string) =>
  asUtc(date).toLocaleDateString('en-US', { weekday: 'short', month: 'short', day: 'numeric', timeZone: 'UTC' });

/** "Nov 23 – 29, 2026" for the week starting on `monday`; "Dec 28, 2026 – Jan 3, 2027" across a year. */
export function weekLabel(monday: string): string {
  const sunday = calendarAddDays(monday, 6);
  const month = (date: string) => asUtc(date).toLocaleDateString('en-US', { month: 'short', timeZone: 'UTC' });
  const [y1, , d1] = monday.split('-').map(Number);
  const [y2, , d2] = sunday.split('-').map(Number);
  if (y1 !== y2) return `${month(monday)} ${d1}, ${y1} – ${month(sunday)} ${d2}, ${y2}`;
  if (monday.slice(0, 7) === sunday.slice(0, 7)) return `${month(monday)} ${d1} – ${d2}, ${y1}`;
  return `${month(monday)} ${d1} – ${month(sunday)} ${d2}, ${y1}`;
}

/** An instant as an `<input type="datetime-local">` writes it, on the firm's clock. */
export const toZoneInput = (iso: string, timeZone: string): string => wallClock(new Date(iso), timeZone);

/** A datetime-local value on the firm's clock as an instant (`…Z`); empty or malformed stays empty. */
export function fromZoneInput(local: string, timeZone: string): string {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(local)) return '';
  const at = instantAt(local, timeZone);
  return Number.isNaN(at.getTime()) ? '' : at.toISOString();
}

/** Today on the firm's calendar. */
export const zoneToday = (timeZone: string): string => wallClock(new Date(), timeZone).slice(0, 10);
