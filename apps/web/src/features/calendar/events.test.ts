import type { CalendarItem } from '@atelier/contracts';
import { describe, expect, it } from 'vitest';
import { describeItem, eventOf, isView, rangeOf } from './events';

const item = (overrides: Partial<CalendarItem> = {}): CalendarItem => ({
  _id: '019a0000-0000-7000-8000-000000000001',
  kind: 'task',
  title: 'Measure the pantry',
  subtitle: 'Kitchen remodel',
  start: '2026-11-03',
  end: '2026-11-04',
  allDay: true,
  href: '/f/task-board/019a0000-0000-7000-8000-000000000001',
  person: { _id: '019a0000-0000-7000-8000-000000000002', name: 'Sam Reyes' },
  status: 'To Do',
  editable: true,
  version: 3,
  ...overrides,
});

describe('calendar items as FullCalendar events', () => {
  it('is a whole-day event in its kind’s colour, keyed by kind and id, with the item kept', () => {
    const task = item();
    expect(eventOf(task)).toMatchObject({
      id: 'task:019a0000-0000-7000-8000-000000000001',
      title: 'Measure the pantry',
      start: '2026-11-03',
      end: '2026-11-04',
      allDay: true,
      startEditable: true,
      durationEditable: false,
      backgroundColor: 'var(--mantine-color-indigo-filled)',
      textColor: 'var(--mantine-color-white)',
      extendedProps: { item: task },
    });
    // A job spans its days; a quote expiring is not dragged.
    expect(eventOf(item({ kind: 'customer_job', end: '2026-11-10' }))).toMatchObject({
      end: '2026-11-10',
      backgroundColor: 'var(--mantine-color-teal-filled)',
    });
    expect(eventOf(item({ kind: 'quote', editable: false })).startEditable).toBe(false);
  });

  it('describes an item in words for its hint', () => {
    expect(describeItem(item())).toBe('Tasks due · Kitchen remodel · Sam Reyes · To Do');
    expect(describeItem(item({ kind: 'purchase_order', subtitle: '', person: null, status: 'Sent' }))).toBe(
      'Purchase orders due · Sent',
    );
  });

  it('asks for the days a view shows, its last day included', () => {
    expect(rangeOf(new Date(2026, 9, 26), new Date(2026, 11, 7))).toEqual({ from: '2026-10-26', to: '2026-12-06' });
    expect(rangeOf(new Date(2026, 11, 28), new Date(2027, 0, 4))).toEqual({ from: '2026-12-28', to: '2027-01-03' });
  });

  it('knows its views by name', () => {
    expect(isView('listWeek')).toBe(true);
    expect(isView('resourceTimeline')).toBe(false);
    expect(isView(null)).toBe(false);
  });
});
