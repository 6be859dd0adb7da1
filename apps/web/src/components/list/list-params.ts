import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { Query } from '../../lib/api';

/** The list state a URL holds: search, sort, filters, the page's cursor and its number. */
export type ListState = { q: string; sort: string; filter: Record<string, string[]>; cursor: string; page: number };

const FILTER_KEY = /^filter\[([^\]]+)\]\[\]$/;

export function readListState(params: URLSearchParams, defaultSort: string): ListState {
  const filter: Record<string, string[]> = {};
  for (const [key, value] of params) {
    const match = key.match(FILTER_KEY);
    if (match) filter[match[1]!] = [...(filter[match[1]!] ?? []), value];
  }
  return {
    q: params.get('q') ?? '',
    sort: params.get('sort') ?? defaultSort,
    filter,
    cursor: params.get('cursor') ?? '',
    page: Math.max(1, Number(params.get('page') ?? 1) || 1),
  };
}

/** The URL query of a list state (also what a saved view stores); paging is left out on request. */
export function listStateToSearch(state: Partial<ListState>, withPaging = true): string {
  const params = new URLSearchParams();
  if (state.q) params.set('q', state.q);
  if (state.sort) params.set('sort', state.sort);
  for (const [key, values] of Object.entries(state.filter ?? {}))
    for (const v of values) params.append(`filter[${key}][]`, v);
  if (withPaging && state.cursor) params.set('cursor', state.cursor);
  if (withPaging && state.page && state.page > 1) params.set('page', String(state.page));
  return params.toString();
}

/** What the API call sends for a state (the API reads `filter[key][]` the same way). */
export function listStateToQuery(state: ListState, limit: number): Query {
  const query: Query = { q: state.q || undefined, sort: state.sort, limit, cursor: state.cursor || undefined };
  for (const [key, values] of Object.entries(state.filter)) query[`filter[${key}]`] = values;
  return query;
}

const isListParam = (key: string) => ['q', 'sort', 'cursor', 'page'].includes(key) || FILTER_KEY.test(key);

/**
 * A list search plus the page's own parameters, which the list leaves alone (the leads page's
 * `view=list` survives searching, sorting, paging and applying a saved view).
 */
export function withPageParams(search: string, current: URLSearchParams): string {
  const next = new URLSearchParams(search);
  for (const [key, value] of current) if (!isListParam(key)) next.append(key, value);
  return next.toString();
}

/** List state kept in the URL: reloads and shared links show the same view. */
export function useListState(defaultSort: string) {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => readListState(params, defaultSort), [params, defaultSort]);
  const set = useCallback((search: string) => setParams(withPageParams(search, params)), [params, setParams]);
  /** Changing what is shown starts again at the first page. */
  const update = useCallback(
    (change: Partial<Omit<ListState, 'cursor' | 'page'>>) =>
      set(listStateToSearch({ ...state, ...change, cursor: '', page: 1 })),
    [state, set],
  );
  const goTo = useCallback(
    (cursor: string, page: number) => set(listStateToSearch({ ...state, cursor, page })),
    [state, set],
  );
  const replaceAll = useCallback((search: string) => set(search), [set]);
  return { state, update, goTo, replaceAll, hasParams: [...params.keys()].some(isListParam) };
}
