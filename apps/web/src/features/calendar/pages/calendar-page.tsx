import { CALENDAR_KINDS, type CalendarItem, type CalendarKind } from '@atelier/contracts';
import { Alert, Button, Collapse, Group, Modal, Stack, Text } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { IconDeviceMobile, IconFilter } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { LazySuspense, lazyNamed } from '../../../components/lazy';
import { NoAccess } from '../../../components/no-access';
import { PageHeader } from '../../../components/page-header';
import { showSubmitError } from '../../../lib/forms';
import { useSession } from '../../../lib/session';
import { openTaskModal } from '../../../lib/task-modal';
import { useCalendar, useMoveItem } from '../api';
import type { Shown } from '../components/calendar-board';
import { CalendarFilters } from '../components/calendar-filters';
import { FeedPanel } from '../components/feed-panel';
import { type CalendarView, isView } from '../events';

// FullCalendar (about 70 kB gzipped) loads with the calendar, not with the page's first code.
const CalendarBoard = lazyNamed(() => import('../components/calendar-board'), 'CalendarBoard');

const listOf = (value: string | null) => (value ? value.split(',').filter(Boolean) : []);
const isKind = (value: string): value is CalendarKind => (CALENDAR_KINDS as readonly string[]).includes(value);

/**
 * `/f/calendar` (spec section 2): the firm's dated records by day, week or month, or as an
 * agenda (a phone's first view). The view, day, people and hidden kinds live in the address.
 */
export default function CalendarPage() {
  const { profile } = useSession();
  const navigate = useNavigate();
  const phone = useMediaQuery('(max-width: 767px)', undefined, { getInitialValueInEffect: false }) ?? false;
  const [params, setParams] = useSearchParams();
  const [filtersOpen, filters] = useDisclosure(false);
  const [subscribing, subscribe] = useDisclosure(false);
  // What FullCalendar shows (it says so as it mounts, before this page's effects: kept, then put in the address).
  const [shown, setShown] = useState<Shown | null>(null);
  const viewParam = params.get('view');
  const view: CalendarView = isView(viewParam) ? viewParam : phone ? 'listWeek' : 'dayGridMonth';
  const people = listOf(params.get('people'));
  const hidden = listOf(params.get('hide')).filter(isKind);
  const wanted = CALENDAR_KINDS.filter((k) => !hidden.includes(k));
  // Every kind hidden still asks (for every kind): the answer names the kinds to choose from again.
  const calendar = useCalendar(
    shown ? { from: shown.from, to: shown.to, people, kinds: hidden.length && wanted.length ? wanted : [] } : null,
  );
  const move = useMoveItem();

  const setParam = (key: string, value: string) => {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(key, value);
        else next.delete(key);
        return next;
      },
      { replace: true },
    );
  };
  useEffect(() => {
    if (!shown || (params.get('view') === shown.view && params.get('date') === shown.date)) return;
    const next = new URLSearchParams(params);
    next.set('view', shown.view);
    next.set('date', shown.date);
    setParams(next, { replace: true });
  }, [shown, params, setParams]);
  const onMove = (item: CalendarItem, date: string, revert: () => void) =>
    move.mutate(
      { kind: item.kind, id: item._id, version: item.version, date },
      {
        onError: (error) => {
          revert();
          showSubmitError(error);
        },
      },
    );
  // A task opens in the task modal, over the calendar; anything else on its own page.
  const onOpen = (item: CalendarItem) =>
    item.kind === 'task' ? openTaskModal({ id: item._id }) : void navigate(item.href);

  if (profile?.kind !== 'staff') return <NoAccess />;
  const kinds = calendar.data?.kinds ?? [];
  const items = (calendar.data?.items ?? []).filter((i) => !hidden.includes(i.kind));
  const noneChosen = kinds.length > 0 && kinds.every((k) => hidden.includes(k));
  const filterBar = (
    <CalendarFilters
      kinds={kinds}
      hidden={hidden}
      onHidden={(next) => setParam('hide', next.join(','))}
      people={people}
      onPeople={(next) => setParam('people', next.join(','))}
      compact={phone}
    />
  );
  return (
    <>
      <PageHeader
        title="Calendar"
        description={
          phone
            ? undefined
            : 'Tasks, jobs, deliveries, quotes, follow-ups and purchase orders by day. Drag a task, job or delivery to move it.'
        }
        actions={
          <Button variant="default" leftSection={<IconDeviceMobile size={16} />} onClick={subscribe.open}>
            Subscribe on your phone
          </Button>
        }
      />
      <Stack gap="md">
        {phone ? (
          <Stack gap="xs">
            <Group gap="xs">
              <Button
                variant="default"
                size="xs"
                leftSection={<IconFilter size={14} />}
                onClick={filters.toggle}
                aria-expanded={filtersOpen}
              >
                {people.length || hidden.length ? 'Filters (on)' : 'Filters'}
              </Button>
            </Group>
            <Collapse expanded={filtersOpen}>{filterBar}</Collapse>
          </Stack>
        ) : (
          filterBar
        )}
        {calendar.isError && (
          <Alert color="red" title="The calendar did not load">
            {calendar.error.message}
          </Alert>
        )}
        {noneChosen && <Text c="dimmed">Choose at least one kind of item to show.</Text>}
        {calendar.isFetching && (
          <Text size="xs" c="dimmed" aria-live="polite">
            Loading…
          </Text>
        )}
        <LazySuspense>
          <CalendarBoard
            view={view}
            date={params.get('date')}
            items={items}
            compact={phone}
            onShown={setShown}
            onMove={onMove}
            onOpen={onOpen}
          />
        </LazySuspense>
      </Stack>
      <Modal
        opened={subscribing}
        onClose={subscribe.close}
        title="Subscribe on your phone"
        size="lg"
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        <FeedPanel />
      </Modal>
    </>
  );
}
