import { CALENDAR_KIND_INFO, type CalendarItem, calendarAddDays } from '@atelier/contracts';

/** The calendar's views, as FullCalendar names them, with their words. */
export const VIEWS = [
  { value: 'dayGridMonth', label: 'Month' },
  { value: 'timeGridWeek', label: 'Week' },
  { value: 'timeGridDay', label: 'Day' },
  { value: 'listWeek', label: 'Agenda' },
] as const;
export type CalendarView = (typeof VIEWS)[number]['value'];
export const isView = (value: string | null): value is CalendarView => VIEWS.some((v) => v.value === value);

/** A kind's colour, as Mantine's filled shade of it (readable with white text, in light and dark). */
export const kindColor = (kind: CalendarItem['kind']) =>
  `var(--mantine-color-${CALENDAR_KIND_INFO[kind].color}-filled)`;

/** What FullCalendar draws for an item: a whole-day event in its kind's colour, dragged only when it may move. */
export function eventOf(item: CalendarItem) {
  const color = kindColor(item.kind);
  return {
    id: `${item.kind}:${item._id}`,
    title: item.title,
    start: item.start,
    end: item.end,
    allDay: true,
    startEditable: item.editable,
    durationEditable: false,
    backgroundColor: color,
    borderColor: color,
    textColor: 'var(--mantine-color-white)',
    classNames: [item.editable ? 'atelier-movable' : 'atelier-fixed'],
    extendedProps: { item },
  };
}

/** A hint for the item: its kind, whose it is, what else it says. */
export const describeItem = (item: CalendarItem) =>
  [CALENDAR_KIND_INFO[item.kind].label, item.subtitle, item.person?.name, item.status].filter(Boolean).join(' · ');

/** FullCalendar's visible span (its end is the day after the last) as the days to ask for, both included. */
export const rangeOf = (start: Date, end: Date) => ({
  from: localDate(start),
  to: calendarAddDays(localDate(end), -1),
});

/** A date as YYYY-MM-DD in the browser's time zone (FullCalendar gives local midnights). */
export const localDate = (date: Date) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
