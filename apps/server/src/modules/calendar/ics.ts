import type { CalendarItem } from '@atelier/contracts';
import ical from 'ical-generator';

/**
 * A person's items as an iCalendar document (RFC 5545) their phone subscribes to: whole days,
 * each item one event whose UID stays the same as its record moves, linking to its page.
 */
export function icsOf(items: readonly CalendarItem[], names: { firm: string; person: string }, appUrl: string) {
  const calendar = ical({
    name: `${names.firm}: ${names.person}`,
    prodId: { company: 'Atelier', product: 'Calendar', language: 'EN' },
    // How often subscribers should read it again.
    ttl: 60 * 60,
  });
  const host = new URL(appUrl).hostname;
  for (const item of items)
    calendar.createEvent({
      id: `${item.kind}-${item._id}@${host}`,
      allDay: true,
      start: new Date(`${item.start}T00:00:00Z`),
      end: new Date(`${item.end}T00:00:00Z`),
      summary: item.title,
      description: [item.subtitle, item.status].filter(Boolean).join('\n'),
      url: `${appUrl}${item.href}`,
    });
  return calendar.toString();
}
