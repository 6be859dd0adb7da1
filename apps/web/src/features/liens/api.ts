import {
  KINDS,
  LIEN_DATE_FIELDS,
  type Lien,
  type LienDateField,
  type LienDeadlineResult,
  type LienDeadlines,
  type LienFlag,
  type LienInput,
  type LienProjectType,
  type LienRole,
  type LienRow,
  type ListPage,
  recordApiPath,
} from '@atelier/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { recordKeys } from '../../components/record/api';
import { recordResource } from '../../components/record/resource';
import { ApiError, api, type Query } from '../../lib/api';

/** What the calculator asks: a lien's facts as the page's address holds them (dates YYYY-MM-DD or empty). */
export type LienDeadlineQuery = {
  state: string;
  role: LienRole;
  projectType: LienProjectType;
  flags: LienFlag[];
} & Partial<Record<LienDateField, string>>;

export const lienKeys = {
  all: ['liens'] as const,
  deadlines: (query: LienDeadlineQuery | null) => [...lienKeys.all, 'deadlines', query] as const,
};

/** The query string GET /liens/deadlines reads: flags comma-separated, empty dates left out. */
export function lienDeadlineParams(query: LienDeadlineQuery): Query {
  const params: Query = {
    state: query.state,
    role: query.role,
    projectType: query.projectType,
    flags: query.flags.join(','),
  };
  for (const field of LIEN_DATE_FIELDS) params[field] = query[field];
  return params;
}

/**
 * The deadlines a lien's facts give (the calculator: nothing is saved). `null` asks nothing yet.
 * While the next answer comes the last one stays on screen; a refused query (400) is not retried.
 */
export function useLienDeadlines(query: LienDeadlineQuery | null) {
  return useQuery({
    queryKey: lienKeys.deadlines(query),
    queryFn: () =>
      api<LienDeadlineResult>('GET', `${KINDS.lien.apiPath}/deadlines`, undefined, lienDeadlineParams(query!)),
    enabled: query !== null,
    placeholderData: keepPreviousData,
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 1,
  });
}

// ---- Lien records ----

export const liens = recordResource<Lien, LienInput>(KINDS.lien);

/**
 * GET /liens/{id}/deadlines: a lien's deadlines as of today, missed ones marked. Keyed by the
 * lien's version, so a save shows the deadlines its new dates give.
 */
export function useLienRecordDeadlines(id: string, version: number) {
  return useQuery({
    queryKey: [...recordKeys.all(recordApiPath(KINDS.lien, id)), 'deadlines', version] as const,
    queryFn: () => api<LienDeadlines>('GET', `${recordApiPath(KINDS.lien, id)}/deadlines`),
  });
}

/** A job's lien record, if it has one (one per job): GET /liens?filter[job][]=. */
export function useLienOfJob(job: string, enabled: boolean) {
  return useQuery({
    queryKey: ['list', KINDS.lien.apiPath, 'of-job', job] as const,
    queryFn: () => api<ListPage<LienRow>>('GET', KINDS.lien.apiPath, undefined, { 'filter[job]': [job], limit: 1 }),
    enabled,
    select: (page) => page.items[0] ?? null,
  });
}
