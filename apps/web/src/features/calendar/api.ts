import type {
  CalendarAnswer,
  CalendarFeed,
  CalendarFeedMade,
  CalendarItem,
  CalendarKind,
  CalendarMove,
} from '@atelier/contracts';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';

/** What the calendar shows: the days from `from` to `to` (both included), some people's, some kinds. */
export type CalendarRange = { from: string; to: string; people: string[]; kinds: CalendarKind[] };

// Under 'calendar': the shell's live updates refresh it when a record of one of its kinds changes.
export const calendarKeys = {
  all: ['calendar'] as const,
  items: (range: CalendarRange) => ['calendar', 'items', range] as const,
  feed: ['calendar', 'feed'] as const,
};

export const useCalendar = (range: CalendarRange | null) =>
  useQuery({
    queryKey: calendarKeys.items(range ?? { from: '', to: '', people: [], kinds: [] }),
    queryFn: () =>
      api<CalendarAnswer>('GET', '/calendar', undefined, {
        from: range!.from,
        to: range!.to,
        people: range!.people,
        kinds: range!.kinds,
      }),
    enabled: range !== null,
    // A new range keeps the last one's items on screen until its own arrive.
    placeholderData: (previous) => previous,
  });

/** The moved item in every loaded range, until they are read again. */
function showMoved(queryClient: QueryClient, moved: CalendarItem) {
  queryClient.setQueriesData<CalendarAnswer>({ queryKey: ['calendar', 'items'] }, (answer) =>
    answer
      ? {
          ...answer,
          items: answer.items.map((i) => (i.kind === moved.kind && i._id === moved._id ? moved : i)),
        }
      : answer,
  );
}

/** An item dragged to another day: an edit of its record, on the version shown. */
export function useMoveItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (move: CalendarMove) => api<CalendarItem>('POST', '/calendar/move', move),
    onSuccess: (moved) => showMoved(queryClient, moved),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['calendar', 'items'] }),
  });
}

export const useFeed = () =>
  useQuery({ queryKey: calendarKeys.feed, queryFn: () => api<CalendarFeed>('GET', '/calendar/feed') });

/** A new private address for my feed (shown once); the one before stops working. */
export function useMakeFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<CalendarFeedMade>('POST', '/calendar/feed'),
    onSuccess: ({ url: _, ...feed }) => queryClient.setQueryData(calendarKeys.feed, feed),
  });
}

export function useRevokeFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<void>('DELETE', '/calendar/feed'),
    onSuccess: () =>
      queryClient.setQueryData<CalendarFeed>(calendarKeys.feed, { active: false, createdAt: null, lastUsedAt: null }),
  });
}
