import {
  type ConvertLeadInput,
  type ConvertLeadResult,
  KINDS,
  type Lead,
  type LeadInput,
  type LeadPipeline,
  type LeadRow,
  type LeadStatus,
  type ListPage,
  type WebLeadCapture,
} from '@atelier/contracts';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { recordResource } from '../../components/record/resource';
import { api } from '../../lib/api';
import { useSettings } from '../settings/api';

export const leads = recordResource<Lead, LeadInput>(KINDS.lead);

export type StatusMove = { status: LeadStatus; lostReason?: string; version: number };

/** A move on the board or the details page; refreshes the lead, its history and every list. */
export const useSetStatus = (id: string) =>
  leads.useMutationOf(id, (move: StatusMove) => api<Lead>('POST', `${leads.path(id)}/status`, move));

/** Any lead's move, for the board: the lead is known only when the card is dropped. */
export function useMoveLead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...move }: StatusMove & { id: string }) => api<Lead>('POST', `${leads.path(id)}/status`, move),
    onSuccess: (lead) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['list', leads.collection] }),
        queryClient.invalidateQueries({ queryKey: leads.detailsKey(lead._id) }),
      ]),
  });
}

export const useConvertLead = (id: string) =>
  leads.useMutationOf(id, (input: ConvertLeadInput) =>
    api<ConvertLeadResult>('POST', `${leads.path(id)}/convert`, input),
  );

/** What the board shows: the same search and filters as the list, by stage. */
export type BoardFilters = { q: string; assigned: string[]; source: string[]; overdue: boolean };

/** Won and lost pile up for years: they show the latest few, open stages a page of 50. */
export const CLOSED_PAGE = 10;
export const OPEN_PAGE = 50;

export function useStage(status: LeadStatus, filters: BoardFilters, closed: boolean) {
  return useInfiniteQuery({
    queryKey: ['list', leads.collection, 'board', status, filters],
    queryFn: ({ pageParam }) =>
      api<ListPage<LeadRow>>('GET', leads.collection, undefined, {
        q: filters.q || undefined,
        // Open stages soonest follow-up first; closed ones latest first.
        sort: closed ? '-updated' : 'followUp',
        limit: closed ? CLOSED_PAGE : OPEN_PAGE,
        cursor: pageParam || undefined,
        'filter[stage]': [status],
        'filter[assigned]': filters.assigned,
        'filter[source]': filters.source,
        'filter[overdue]': filters.overdue ? ['true'] : [],
      }),
    initialPageParam: '',
    getNextPageParam: (last) => last.next ?? undefined,
  });
}

/** Each stage's exact count and value under the board's filters (column headings). */
export const usePipeline = (filters: BoardFilters) =>
  useQuery({
    // Under ['list', '/leads'], so every move and edit refreshes it with the columns.
    queryKey: ['list', leads.collection, 'pipeline', filters],
    queryFn: () =>
      api<LeadPipeline>('GET', `${leads.collection}/pipeline`, undefined, {
        q: filters.q || undefined,
        'filter[assigned]': filters.assigned,
        'filter[source]': filters.source,
        'filter[overdue]': filters.overdue ? ['true'] : [],
      }),
  });

export const captureKey = ['lead-capture'] as const;

export const useLeadCapture = (enabled: boolean) =>
  useQuery({ queryKey: captureKey, queryFn: () => api<WebLeadCapture>('GET', '/leads/capture'), enabled });

export function useRegenerateCapture() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<WebLeadCapture>('POST', '/leads/capture/regenerate'),
    onSuccess: (capture) => queryClient.setQueryData(captureKey, capture),
  });
}

/** The firm's lead sources and lost reasons, and its currency for values. */
export function useLeadSettings() {
  const settings = useSettings().data;
  return {
    sources: settings?.leadSettings.sources ?? [],
    lostReasons: settings?.leadSettings.lostReasons ?? [],
    currency: settings?.firmSettings.currency ?? 'USD',
  };
}
