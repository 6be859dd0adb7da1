import { columnName, kindHas, type RecordTab, recordHref } from '@atelier/contracts';
import { Card, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import type { ComponentType, ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useCan } from '../../lib/permissions';
import { toastSuccess } from '../../lib/toast';
import { LazySuspense, lazyNamed } from '../lazy';
import { declaredColumns, declaredFilters } from '../list/columns';
import { ListPage, type ListPageProps } from '../list/list-page';
import type { ListFilter } from '../list/types';
import { NoAccess } from '../no-access';
import { PageHeader } from '../page-header';
import { type Named, useMayOpen } from './may-open';
import { useRecord } from './record-outlet';
import type { RecordResource } from './resource';

/**
 * What a kind's form takes: its kind's client, the record being edited (none when new), and what
 * saving does. `RecordForm` takes them as they are.
 */
export type RecordFormProps<T extends { _id: string }, Input> = {
  resource: RecordResource<T, Input>;
  record?: T;
  submitLabel: string;
  onSubmit: (values: Input) => Promise<unknown>;
  reload?: () => Promise<T>;
};

type Declared =
  | 'listKey'
  | 'title'
  | 'endpoint'
  | 'noun'
  | 'rowHref'
  | 'create'
  | 'archivePermission'
  | 'exportPermission';

/** What a kind's list page takes besides its kind's client (all of it optional). */
export type RecordListProps<Row extends { _id: string }> = {
  render?: Partial<Record<keyof Row & string, (row: Row) => ReactNode>>;
  extraFilters?: ListFilter[];
  currency?: string;
  /** Where the create button goes, when a kind's records are made elsewhere than its new page (the order wizard). */
  createHref?: string;
} & Omit<ListPageProps<Row>, Declared | 'columns' | 'filters' | 'defaultSort' | 'rowLabel'> &
  Partial<Pick<ListPageProps<Row>, 'columns' | 'filters' | 'defaultSort' | 'rowLabel'>>;

/**
 * A kind's list page: its title, address, words, links, create button and the codes for bulk
 * archive and export come from its declaration, and so do its columns, filters and first sort
 * when it declares columns (`render` replaces a column's cell, by its key; `extraFilters` come
 * after the choice columns' filters, such as the assignee; `currency` is for money columns);
 * otherwise the page gives them.
 */
export function RecordListPage<Row extends { _id: string; name?: string }, T extends { _id: string }, Input>(
  props: RecordListProps<Row> & { resource: RecordResource<T, Input> },
) {
  const { resource, render, extraFilters, currency, createHref, ...rest } = props;
  const { kind } = resource;
  const { can } = useCan();
  if (!useMayOpen(kind)) return <NoAccess />;
  const firstSort = kind.columns?.find((c) => c.sort);
  return (
    <ListPage<Row>
      columns={declaredColumns<Row>(kind, render, { currency, can })}
      filters={declaredFilters(kind, extraFilters)}
      defaultSort={firstSort ? columnName(firstSort) : 'created'}
      rowLabel={(r) => r.name ?? ''}
      // The API collection's name: saved views and column choices were stored under it.
      listKey={kind.apiPath.slice(1)}
      title={kind.labelPlural}
      endpoint={kind.apiPath}
      noun={{ one: kind.noun, many: kind.plural }}
      rowHref={(r) => recordHref(kind, r._id)}
      // A kind made otherwise (an import, by uploading its file) has no new page.
      create={
        kindHas(kind, 'create') ? { href: createHref ?? `${kind.webPath}/new`, label: `New ${kind.noun}` } : undefined
      }
      // Bulk archive, where the kind has it (numbered documents are cancelled one by one).
      archivePermission={kindHas(kind, 'bulk') ? kind.codes.remove : undefined}
      exportPermission={kindHas(kind, 'export') ? kind.codes.export : undefined}
      // Assigning selected rows is a bulk action: a kind without them has no route for it.
      bulkAssign={kindHas(kind, 'bulk')}
      {...rest}
    />
  );
}

/** The page for a new record: the kind's form, then its page once created. */
export function RecordNewPage<T extends Named, Input>(props: {
  resource: RecordResource<T, Input>;
  form: (props: RecordFormProps<T, Input>) => ReactNode;
  /** The confirmation, which may name what the server made (an ambassador's code). */
  created?: (record: T) => string;
  /** The page's own title and line under it, when "New {noun}" is not the whole story. */
  title?: string;
  description?: string;
}) {
  const { kind } = props.resource;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  if (!useMayOpen(kind)) return <NoAccess />;
  return (
    <Stack maw={900} mx="auto">
      <PageHeader title={props.title ?? `New ${kind.noun}`} description={props.description} />
      <Card withBorder padding="lg">
        <LazySuspense>
          {props.form({
            resource: props.resource,
            submitLabel: `Create ${kind.noun}`,
            onSubmit: async (values) => {
              const record = await props.resource.create(values);
              await queryClient.invalidateQueries({ queryKey: ['list', kind.apiPath] });
              toastSuccess(props.created?.(record) ?? `${record.name} created.`);
              navigate(recordHref(kind, record._id));
            },
          })}
        </LazySuspense>
      </Card>
    </Stack>
  );
}

/** A record's details tab: its form, saved on the version it was opened on. */
export function RecordDetailsCard<T extends Named, Input>(props: {
  resource: RecordResource<T, Input>;
  form: (props: RecordFormProps<T, Input>) => ReactNode;
}) {
  const { record } = useRecord<T>();
  const { resource } = props;
  const update = resource.useUpdate(record._id);
  const reload = resource.useReload();
  return (
    <Card withBorder padding="lg">
      <LazySuspense>
        {props.form({
          resource,
          record,
          submitLabel: 'Save',
          onSubmit: async (values) => {
            await update.mutateAsync({ ...values, version: record.version });
            toastSuccess(`${resource.kind.label} saved.`);
          },
          reload: () => reload(record._id),
        })}
      </LazySuspense>
    </Card>
  );
}

/**
 * Who changed the record last, after the links a details tab gives (its contacts, its referrals);
 * on a line of its own when there are none.
 */
function LastChanged({ record, links }: { record: Named; links?: ReactNode }) {
  if (!links)
    return record.updatedBy ? (
      <Text size="sm" c="dimmed">
        Last changed by {record.updatedBy.name}
      </Text>
    ) : null;
  return (
    <Text size="sm">
      {links}
      {record.updatedBy && (
        <Text span c="dimmed">
          {' '}
          · Last changed by {record.updatedBy.name}
        </Text>
      )}
    </Text>
  );
}

// A record's page (header, tabs, archive and delete) loads apart from the list.
const RecordPage = lazyNamed(
  () => import('./record-page'),
  'RecordPage',
  // lazy() forgets the component's type parameters; the module's own type keeps them.
) as unknown as typeof import('./record-page').RecordPage;

/** A kind's pages, as the router mounts them from its declaration (`kindRoutes` in app/router.tsx). */
export type RecordPages = {
  List: ComponentType;
  New: ComponentType;
  /** The record's page: its header and routed tabs. */
  Layout: ComponentType;
  /** Its first tab, at the record's own address. */
  Details: ComponentType;
  /**
   * The kind's own tabs (a settings tab), by their path in its declaration's `tabs`: each its
   * own module, loaded when the tab first opens.
   */
  tabs?: Readonly<Record<string, () => Promise<{ default: ComponentType }>>>;
};

/**
 * A kind's page bits, declared once: the words and parts of its list, new, record and details
 * pages, which are otherwise the generic ones. A kind whose page is its own (the leads board)
 * replaces it in the answer: `{ ...recordPages({…}), List: LeadsPage }`.
 */
export function recordPages<
  T extends Named,
  Input,
  Row extends { _id: string; name?: string } = { _id: string; name?: string },
>(spec: {
  resource: RecordResource<T, Input>;
  /** The kind's form, for the new page and the details tab (usually a `RecordForm`). */
  form: (props: RecordFormProps<T, Input>) => ReactNode;
  /** The list page's line under its title, and what it adds, from hooks (its filters, currency…). */
  description?: string;
  useList?: () => RecordListProps<Row>;
  /** The record's page: the line under its name, header actions before Archive and Delete, and what deleting means. */
  subtitle?: (record: T) => ReactNode;
  actions?: (record: T) => ReactNode;
  deleteText: string;
  /** Whether this record may be deleted at all (a sent document is cancelled instead); all may if left out. */
  deletable?: (record: T) => boolean;
  /** The new page: the confirmation, and a line under its title. */
  created?: (record: T) => string;
  newDescription?: string;
  /** The details tab: what comes above the form and below it, and links beside who changed it last. */
  details?: {
    above?: (record: T) => ReactNode;
    below?: (record: T) => ReactNode;
    links?: (record: T) => ReactNode;
  };
  tabs?: RecordPages['tabs'];
  /** Leaves out tabs this user may not open, given their permission check; all show if left out. */
  showTab?: (tab: RecordTab, can: (code: number) => boolean, hasFeature: (feature: string) => boolean) => boolean;
}): RecordPages {
  const { resource, form, details } = spec;
  const useList = spec.useList ?? (() => ({}));
  return {
    List: function List() {
      return <RecordListPage<Row, T, Input> resource={resource} description={spec.description} {...useList()} />;
    },
    New: function New() {
      return (
        <RecordNewPage<T, Input>
          resource={resource}
          form={form}
          created={spec.created}
          description={spec.newDescription}
        />
      );
    },
    Layout: function Layout() {
      return (
        <LazySuspense>
          <RecordPage
            resource={resource}
            subtitle={spec.subtitle}
            actions={spec.actions}
            deleteText={spec.deleteText}
            deletable={spec.deletable}
            showTab={spec.showTab}
          />
        </LazySuspense>
      );
    },
    Details: function Details() {
      const { record } = useRecord<T>();
      return (
        <Stack>
          {details?.above?.(record)}
          <RecordDetailsCard<T, Input> resource={resource} form={form} />
          <LastChanged record={record} links={details?.links?.(record)} />
          {details?.below?.(record)}
        </Stack>
      );
    },
    tabs: spec.tabs,
  };
}
