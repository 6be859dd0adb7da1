import {
  calendarDateSchema,
  firstRunOn,
  RECURRING_MONTHS,
  type RecurringFrequency,
  type RecurringInvoice,
} from '@atelier/contracts';

/** 1st, 2nd, 3rd, 4th… 11th, 12th, 13th… 21st (days of the month go to 28). */
export function ordinal(n: number): string {
  const teen = n % 100 >= 11 && n % 100 <= 13;
  const suffix = teen ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th');
  return `${n}${suffix}`;
}

const monthName = (month: number) =>
  new Date(Date.UTC(2000, month, 1)).toLocaleString('en-US', { month: 'long', timeZone: 'UTC' });

/** The calendar months a run falls in, January first, given one run's date (YYYY-MM-DD). */
function runMonths(frequency: RecurringFrequency, runOn: string): string[] {
  const step = RECURRING_MONTHS[frequency];
  const first = (Number(runOn.slice(5, 7)) - 1) % step;
  const months: string[] = [];
  for (let m = first; m < 12; m += step) months.push(monthName(m));
  return months;
}

const and = (words: string[]) =>
  words.length < 2 ? words.join('') : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;

/**
 * How often, in words for a sentence: "every month on the 1st", "every three months on the
 * 15th (March, June, September and December)", "every year on March 1". A quarterly or yearly
 * schedule names its months from one of its runs (`runOn`) when one is known.
 */
export function schedulePhrase(frequency: RecurringFrequency, dayOfMonth: number, runOn?: string | null): string {
  const day = `the ${ordinal(dayOfMonth)}`;
  if (frequency === 'monthly') return `every month on ${day}`;
  if (frequency === 'quarterly')
    return `every three months on ${day}${runOn ? ` (${and(runMonths('quarterly', runOn))})` : ''}`;
  return runOn ? `every year on ${runMonths('yearly', runOn)[0]} ${dayOfMonth}` : `every year on ${day}`;
}

/** The same, as a sentence of its own: "Every month on the 1st". */
export const scheduleSentence = (...args: Parameters<typeof schedulePhrase>) => {
  const phrase = schedulePhrase(...args);
  return phrase.charAt(0).toUpperCase() + phrase.slice(1);
};

/** A saved plan's schedule: its months read from its next run, else its last, else its first. */
export const planSchedule = (plan: RecurringInvoice) =>
  scheduleSentence(
    plan.frequency,
    plan.dayOfMonth,
    plan.nextRunOn ?? plan.lastRunOn ?? firstRunOn(plan.startOn, plan.dayOfMonth),
  );

/**
 * The day the first invoice is made when the plan is saved today, as the server sets it: the
 * first such day of the month on or after the later of the start and today. None while the day
 * or the start is not a valid one yet.
 */
export function firstInvoiceOn(startOn: unknown, dayOfMonth: unknown, today: string): string | null {
  const day = Number(dayOfMonth);
  if (dayOfMonth === '' || dayOfMonth === null || !Number.isInteger(day) || day < 1 || day > 28) return null;
  if (!calendarDateSchema.safeParse(startOn).success) return null;
  const start = startOn as string;
  return firstRunOn(start > today ? start : today, day);
}
