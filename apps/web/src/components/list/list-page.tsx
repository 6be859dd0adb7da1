import type { BulkResult, ExportFormat, ListPage as Page, SavedView } from '@atelier/contracts';
import { Alert, Anchor, Button, Card, Group, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconPlus, IconSearch, IconX } from '@tabler/icons-react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, Suspense, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { api } from '../../lib/api';
import { showSubmitError } from '../../lib/forms';
import { useCan } from '../../lib/permissions';
import { PROFILE_SUCCESS_DURATION, toastSuccess } from '../../lib/toast';
import { firstUsePart } from '../first-use';
import { lazyNamed } from '../lazy';
import { PageHeader } from '../page-header';
import { usePeople } from '../people';
import { ColumnChooser } from './column-chooser';
import { DataTable } from './data-table';
import { ExportMenu } from './export-menu';
import { FilterPicker } from './filter-picker';
import { listStateToQuery, listStateToSearch, useListState } from './list-params';
import { SavedViews } from './saved-views';
import type { SelectionBarProps } from './selection-bar';
import type { Column, ListFilter } from './types';
import { useProfileLists } from './use-profile-lists';

const PAGE_SIZE = 25;

// What can be done to selected rows loads with the first selection; pressing or focusing a row's
// checkbox starts loading it, so it is usually there, and drawn at once, when the row is selected.
const selectionBar = firstUsePart(() => import('./selection-bar'));
const LazySelectionBar = lazyNamed(selectionBar.start, 'SelectionBar');
const preloadSelectionBar = (event: { target: EventTarget }) => {
  if (event.target instanceof HTMLInputElement && event.target.type === 'checkbox')
    selectionBar.start().catch(() => {});
};

/** The selection bar: drawn at once when its code is there, else as soon as it arrives. */
function SelectionBar(props: SelectionBarProps) {
  const loaded = selectionBar.loaded();
  if (loaded) return <loaded.SelectionBar {...props} />;
  return (
    <Suspense>
      <LazySelectionBar {...props} />
    </Suspense>
  );
}

export type ListPageProps<Row extends { _id: string }> = {
  /** Names the list in saved views and column choices ("companies"). */
  listKey: string;
  title: string;
  description?: string;
  /** The API path: /companies. */
  endpoint: string;
  noun: { one: string; many: string };
  defaultSort: string;
  columns: Column<Row>[];
  filters: ListFilter[];
  /**
   * Filters that links from other pages set ("this account's contacts"), with no control of their
   * own: shown as a removable chip, so a filtered list never looks like the whole list.
   */
  linkedFilters?: { key: string; label: (ids: string[]) => ReactNode }[];
  rowHref: (row: Row) => string;
  rowLabel: (row: Row) => string;
  create?: { href: string; label: string };
  /** More header actions, before the create button (inviting an employee, the leads page's board/list switch). */
  actions?: ReactNode;
  /** What comes between the header and the list (the importer's one card per kind of file to import). */
  intro?: ReactNode;
  /**
   * Codes for bulk archiving and for exports; without them those actions are not offered. A list
   * whose records are not archived or assigned in bulk (employees) leaves the first out and sets
   * `bulkAssign` to false.
   */
  archivePermission?: number;
  exportPermission?: number;
  bulkAssign?: boolean;
};

/**
 * The list page every module uses: server-side paging, sorting, search and filters kept in the
 * URL; columns and named views saved to the profile; selection with bulk actions; CSV export of
 * the current view.
 */
export function ListPage<Row extends { _id: string }>(props: ListPageProps<Row>) {
  const { listKey, endpoint, noun, columns } = props;
  const { state, update, goTo, replaceAll, hasParams } = useListState(props.defaultSort);
  const { can } = useCan();
  const queryClient = useQueryClient();
  const lists = useProfileLists(listKey);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [search, setSearch] = useState(state.q);
  const [assignee, setAssignee] = useState<string | null>(null);
  const cursors = useRef<string[]>([]);
  const people = usePeople();

  // A list opened without a query opens its default view, if one is saved.
  const applied = useRef(false);
  useEffect(() => {
    if (applied.current) return;
    applied.current = true;
    const preferred = lists.views.find((v) => v.default);
    if (!hasParams && preferred) replaceAll(preferred.query);
  }, [hasParams, lists.views, replaceAll]);
  useEffect(() => setSearch(state.q), [state.q]);
  const viewKey = `${state.q}|${state.sort}|${JSON.stringify(state.filter)}`;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new view starts with nothing selected
  useEffect(() => {
    setSelected(new Set());
    cursors.current = [];
  }, [viewKey]);

  const query = useQuery({
    queryKey: ['list', endpoint, state],
    queryFn: () => api<Page<Row>>('GET', endpoint, undefined, listStateToQuery(state, PAGE_SIZE)),
    placeholderData: keepPreviousData,
  });
  const debouncedSearch = useDebouncedCallback((q: string) => update({ q }), 350);
  const visible = lists.columns ?? columns.filter((c) => !c.hidden).map((c) => c.key);
  const shown = columns.filter((c, i) => i === 0 || visible.includes(c.key));
  const viewQuery = listStateToSearch(state, false);
  const archived = state.filter.status?.includes('archived') && !state.filter.status?.includes('active');

  const bulk = async (body: Record<string, unknown>, done: string) => {
    try {
      const result = await api<BulkResult>('POST', `${endpoint}/bulk`, { ...body, ids: [...selected] });
      toastSuccess(`${result.updated} ${result.updated === 1 ? noun.one : noun.many} ${done}.`);
      setSelected(new Set());
      await queryClient.invalidateQueries({ queryKey: ['list', endpoint] });
    } catch (error) {
      showSubmitError(error);
    }
  };
  const exportHref = (format: ExportFormat, ids?: string[]) => {
    const params = new URLSearchParams(viewQuery);
    params.set('format', format);
    for (const id of ids ?? []) params.append('filter[id][]', id);
    return `/api/v1${endpoint}/export?${params}`;
  };
  const mayExport = props.exportPermission !== undefined && can(props.exportPermission);
  const page = query.data;
  const from = (state.page - 1) * PAGE_SIZE + 1;

  return (
    <Stack gap="md" maw={1400} mx="auto">
      <PageHeader
        title={props.title}
        description={props.description}
        actions={
          (props.actions || props.create) && (
            <>
              {props.actions}
              {props.create && (
                <Button component={Link} to={props.create.href} leftSection={<IconPlus size={16} />}>
                  {props.create.label}
                </Button>
              )}
            </>
          )
        }
      />
      {props.intro}
      <Group gap="sm" wrap="wrap" align="flex-end">
        <TextInput
          aria-label={`Search ${noun.many}`}
          placeholder={`Search ${noun.many}`}
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(e) => {
            setSearch(e.currentTarget.value);
            debouncedSearch(e.currentTarget.value);
          }}
          style={{ flex: '1 1 220px' }}
        />
        {props.filters.map((filter) => (
          <FilterPicker
            key={filter.key}
            filter={filter}
            value={state.filter[filter.key] ?? []}
            onChange={(values) => update({ filter: { ...state.filter, [filter.key]: values } })}
            style={{ flex: '0 1 200px' }}
          />
        ))}
        {(props.linkedFilters ?? [])
          .filter((f) => (state.filter[f.key] ?? []).length > 0)
          .map((f) => (
            <Button
              key={f.key}
              variant="light"
              rightSection={<IconX size={14} aria-hidden />}
              title="Clear this filter"
              onClick={() => {
                const { [f.key]: _removed, ...rest } = state.filter;
                update({ filter: rest });
              }}
            >
              {f.label(state.filter[f.key] ?? [])}
            </Button>
          ))}
        <Group gap="xs">
          <SavedViews
            views={lists.views}
            currentQuery={viewQuery}
            columns={visible}
            onApply={(view: SavedView) => {
              replaceAll(view.query);
              if (view.columns) void lists.saveColumns(view.columns);
            }}
            onSave={lists.saveViews}
          />
          <ColumnChooser
            columns={columns}
            visible={visible}
            onChange={(values) =>
              lists
                .saveColumns(values)
                .then(() => toastSuccess('Your columns were saved.', PROFILE_SUCCESS_DURATION))
                .catch(showSubmitError)
            }
          />
          {mayExport && <ExportMenu label="Export" variant="default" href={(format) => exportHref(format)} />}
        </Group>
      </Group>

      {selected.size > 0 && (
        <SelectionBar
          count={selected.size}
          archive={
            props.archivePermission !== undefined && can(props.archivePermission)
              ? archived
                ? 'restore'
                : 'archive'
              : undefined
          }
          people={props.bulkAssign !== false ? (people.data ?? []) : undefined}
          assignee={assignee}
          onAssignee={setAssignee}
          exportHref={mayExport ? (format) => exportHref(format, [...selected]) : undefined}
          onBulk={bulk}
          onClear={() => setSelected(new Set())}
        />
      )}

      <Card withBorder padding={0} onPointerDown={preloadSelectionBar} onFocus={preloadSelectionBar}>
        {query.isError ? (
          <Alert color="red" m="md" title={`The ${noun.many} could not be loaded`}>
            {query.error.message}{' '}
            <Anchor component="button" onClick={() => query.refetch()}>
              Try again
            </Anchor>
          </Alert>
        ) : page && page.items.length === 0 ? (
          <Stack align="center" p="xl" gap="xs">
            <Text fw={600}>
              No {noun.many} {state.q || Object.values(state.filter).some((v) => v.length) ? 'match this view' : 'yet'}
            </Text>
            {(state.q || Object.keys(state.filter).length > 0) && (
              <Button variant="subtle" onClick={() => replaceAll('')}>
                Clear search and filters
              </Button>
            )}
          </Stack>
        ) : (
          <DataTable
            rows={page?.items}
            columns={shown}
            loading={query.isFetching}
            sort={state.sort}
            onSort={(sort) => update({ sort })}
            rowHref={props.rowHref}
            rowLabel={props.rowLabel}
            selected={selected}
            onSelect={setSelected}
          />
        )}
      </Card>

      {page && page.items.length > 0 && (
        <Group justify="space-between" wrap="wrap">
          <Text size="sm" c="dimmed" aria-live="polite">
            {query.isPlaceholderData ? 'Loading…' : `${from}–${from + page.items.length - 1} of ${page.total}`}
          </Text>
          <Group gap="xs">
            <Button
              variant="default"
              disabled={state.page <= 1 || query.isPlaceholderData}
              onClick={() => {
                // After a reload the way back is unknown: start again from the first page.
                const previous = cursors.current.pop();
                if (previous === undefined) goTo('', 1);
                else goTo(previous, state.page - 1);
              }}
            >
              Previous
            </Button>
            <Button
              variant="default"
              // The page on screen may still be the previous view's: its cursor belongs to that view.
              disabled={!page.next || query.isPlaceholderData}
              onClick={() => {
                cursors.current.push(state.cursor);
                goTo(page.next!, state.page + 1);
              }}
            >
              Next
            </Button>
          </Group>
        </Group>
      )}
    </Stack>
  );
}
