import { calendarAddDays } from '@atelier/contracts';

// Calendar arithmetic on YYYY-MM-DD days, in UTC so no time zone moves a day.

const parts = (date: string) => date.split('-').map(Number) as [number, number, number];
const iso = (year: number, month: number, day: number) =>
  `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
/** Days in a month (1–12). */
const daysIn = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

export const addDays = calendarAddDays;

/** The same day of the month N months later; a day the month lacks clamps to its last (Aug 31 + 6 → Feb 28/29). */
export function addMonths(date: string, months: number): string {
  const [y, m, d] = parts(date);
  const index = y * 12 + (m - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  return iso(year, month, Math.min(d, daysIn(year, month)));
}

/** Day `day` of the Nth month after the month containing `date` (the day within it is ignored). */
export function dayOfMonthAfter(date: string, months: number, day: number): string {
  const first = addMonths(`${date.slice(0, 7)}-01`, months);
  const [y, m] = parts(first);
  return iso(y, m, Math.min(day, daysIn(y, m)));
}

/** Each month (YYYY-MM) from the one containing `from` to the one containing `to`, both included. */
export function monthsBetween(from: string, to: string): string[] {
  const months: string[] = [];
  for (let month = `${from.slice(0, 7)}-01`; month.slice(0, 7) <= to.slice(0, 7); month = addMonths(month, 1))
    months.push(month.slice(0, 7));
  return months;
}

const weekday = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();
/** The nth (1-based) weekday (0 = Sunday) of a month, or the last one when n is -1. */
function nthWeekday(year: number, month: number, day: number, n: number): string {
  if (n === -1) {
    const last = iso(year, month, daysIn(year, month));
    return addDays(last, -((weekday(last) - day + 7) % 7));
  }
  const first = iso(year, month, 1);
  return addDays(first, ((day - weekday(first) + 7) % 7) + (n - 1) * 7);
}
/** A fixed-date holiday on a Saturday is observed the Friday before, on a Sunday the Monday after. */
function observed(date: string): string {
  const d = weekday(date);
  return d === 6 ? addDays(date, -1) : d === 0 ? addDays(date, 1) : date;
}

const holidayCache = new Map<number, Set<string>>();
/**
 * The US federal holidays of a year as observed (5 U.S.C. § 6103). States add their own; the
 * engine shows a rolled date next to the computed one so a user can see what moved it.
 */
export function federalHolidays(year: number): Set<string> {
  const cached = holidayCache.get(year);
  if (cached) return cached;
  const days = new Set<string>([
    observed(iso(year, 1, 1)),
    nthWeekday(year, 1, 1, 3), // Martin Luther King Jr. Day
    nthWeekday(year, 2, 1, 3), // Washington's Birthday
    nthWeekday(year, 5, 1, -1), // Memorial Day
    ...(year >= 2021 ? [observed(iso(year, 6, 19))] : []), // Juneteenth
    observed(iso(year, 7, 4)),
    nthWeekday(year, 9, 1, 1), // Labor Day
    nthWeekday(year, 10, 1, 2), // Columbus Day
    observed(iso(year, 11, 11)),
    nthWeekday(year, 11, 4, 4), // Thanksgiving
    observed(iso(year, 12, 25)),
  ]);
  // Next year's New Year's Day on a Saturday is observed on this year's December 31.
  if (weekday(iso(year + 1, 1, 1)) === 6) days.add(iso(year, 12, 31));
  holidayCache.set(year, days);
  return days;
}

export const isBusinessDay = (date: string) =>
  weekday(date) !== 0 && weekday(date) !== 6 && !federalHolidays(Number(date.slice(0, 4))).has(date);

/** The date itself when it is a business day, else the next one. */
export function businessDayOnOrAfter(date: string): string {
  let day = date;
  while (!isBusinessDay(day)) day = addDays(day, 1);
  return day;
}

/** The date itself when it is a business day, else the one before. */
export function businessDayOnOrBefore(date: string): string {
  let day = date;
  while (!isBusinessDay(day)) day = addDays(day, -1);
  return day;
}
