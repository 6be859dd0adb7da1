import type { CalendarItem } from '@atelier/contracts';
import type { EventContentArg } from '@fullcalendar/core';
import dayGridPlugin from '@fullcalendar/daygrid';
import interactionPlugin from '@fullcalendar/interaction';
import listPlugin from '@fullcalendar/list';
import FullCalendar from '@fullcalendar/react';
import timeGridPlugin from '@fullcalendar/timegrid';
import { ActionIcon, Box, Button, Group, SegmentedControl, Stack, Title } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { type CalendarView, describeItem, eventOf, localDate, rangeOf, VIEWS } from '../events';
import './calendar-board.css';

const PLUGINS = [dayGridPlugin, timeGridPlugin, listPlugin, interactionPlugin];

export type Shown = { from: string; to: string; view: CalendarView; date: string };

type Props = {
  view: CalendarView;
  date: string | null;
  items: readonly CalendarItem[];
  /** A phone: the toolbar in two rows, the views across its width. */
  compact: boolean;
  onShown: (shown: Shown) => void;
  /** An item dropped on another day; `revert` puts it back. */
  onMove: (item: CalendarItem, date: string, revert: () => void) => void;
  onOpen: (item: CalendarItem) => void;
};

const itemOf = (arg: { event: { extendedProps: Record<string, unknown> } }) =>
  arg.event.extendedProps.item as CalendarItem;

/** The agenda's line: the title, and under it what else the item says (other views draw their own: `true`). */
function listContent(arg: EventContentArg) {
  if (arg.view.type !== 'listWeek') return true;
  const item = itemOf(arg);
  const more = [item.subtitle, item.person?.name, item.status].filter(Boolean).join(' · ');
  return (
    <>
      <div>{item.title}</div>
      {more && <div className="fc-list-event-subtitle">{more}</div>}
    </>
  );
}

/**
 * The calendar itself (FullCalendar 6, loaded with this component): its own toolbar in the app's
 * style, month, week, day and agenda views, items in their kinds' colours, dragged to another day
 * when they may move, opened on a click or Enter.
 */
export function CalendarBoard({ view, date, items, compact, onShown, onMove, onOpen }: Props) {
  const calendar = useRef<FullCalendar>(null);
  const [title, setTitle] = useState('');
  const events = useMemo(() => items.map(eventOf), [items]);
  const api = () => calendar.current?.getApi();
  // The address changed the view (back and forward): follow it.
  useEffect(() => {
    const current = calendar.current?.getApi();
    if (current && current.view.type !== view) current.changeView(view);
  }, [view]);

  return (
    <Stack gap="sm">
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
          <ActionIcon variant="default" size="lg" aria-label="Previous" onClick={() => api()?.prev()}>
            <IconChevronLeft size={18} />
          </ActionIcon>
          <Button variant="default" size="sm" onClick={() => api()?.today()}>
            Today
          </Button>
          <ActionIcon variant="default" size="lg" aria-label="Next" onClick={() => api()?.next()}>
            <IconChevronRight size={18} />
          </ActionIcon>
          <Title order={2} size={compact ? 'h5' : 'h4'} ml={4} style={{ whiteSpace: 'nowrap' }}>
            {title}
          </Title>
        </Group>
        <SegmentedControl
          aria-label="View"
          size="xs"
          fullWidth={compact}
          w={compact ? '100%' : undefined}
          data={VIEWS.map((v) => ({ value: v.value, label: v.label }))}
          value={view}
          onChange={(next) => api()?.changeView(next)}
        />
      </Group>
      <Box className="atelier-calendar">
        <FullCalendar
          ref={calendar}
          plugins={PLUGINS}
          initialView={view}
          initialDate={date ?? undefined}
          headerToolbar={false}
          height="auto"
          events={events}
          eventInteractive
          eventDurationEditable={false}
          // Items are whole days: dropped on a day, never on an hour.
          eventAllow={(span) => span.allDay}
          dayMaxEvents={compact ? 2 : 4}
          nowIndicator
          slotMinTime="07:00:00"
          slotMaxTime="19:00:00"
          allDayText="All day"
          // Every item is a whole day: the agenda needs no time column.
          displayEventTime={false}
          noEventsContent="Nothing on these days."
          moreLinkText={(n) => `${n} more`}
          eventContent={listContent}
          datesSet={(arg) => {
            setTitle(arg.view.title);
            onShown({
              ...rangeOf(arg.start, arg.end),
              view: arg.view.type as CalendarView,
              date: localDate(arg.view.currentStart),
            });
          }}
          eventDrop={(arg) => onMove(itemOf(arg), localDate(arg.event.start!), arg.revert)}
          eventClick={(arg) => {
            arg.jsEvent.preventDefault();
            onOpen(itemOf(arg));
          }}
          eventDidMount={(arg) => {
            arg.el.title = describeItem(itemOf(arg));
          }}
          // "3 more" opens the day's list over the calendar: a button, whose state aria-expanded tells.
          moreLinkDidMount={(arg) => arg.el.setAttribute('role', 'button')}
        />
      </Box>
    </Stack>
  );
}
