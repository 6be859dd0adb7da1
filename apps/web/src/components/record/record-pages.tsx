import { columnName, type RecordKind, recordHref } from '@atelier/contracts';
import { Card, Stack } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useCan } from '../../lib/permissions';

import { toastSuccess } from '../../lib/toast';
import { declaredColumns, declaredFilters } from '../list/columns';
import { ListPage, type ListPageProps } from '../list/list-page';
import type { ListFilter } from '../list/types';
import { NoAccess } from '../no-access';
import { PageHeader } from '../page-header';
import { ArchiveActions } from './archive-actions';
import { DetailLayout, useRecord } from './detail-layout';
import type { RecordResource } from './resource';

/** Whether the person may open the kind's pages: its code, and its module for the firm. */
function useMayOpen(kind: RecordKind): boolean {
  const { can, hasFeature } = useCan();
  return can(kind.codes.modify) && (!kind.feature || hasFeature(kind.feature));
}

/** A record as the generic pages show it: a name, and whether it is archived. */
type Named = { _id: string; name: string; archived: boolean; version: number };

/** What a kind's form takes: the record being edited (none when new), and what saving does. */
export type RecordFormProps<T, Input> = {
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

/**
 * A kind's list page: its title, address, words, links, create button and the codes for bulk
 * archive and export come from its declaration, and so do its columns, filters and first sort
 * when it declares columns (`render` replaces a column's cell, by its key; `extraFilters` come
 * after the choice columns' filters, such as the assignee; `currency` is for money columns);
 * otherwise the page gives them.
 */
export function RecordListPage<Row extends { _id: string; name?: string }, T extends { _id: string }, Input>(
  props: {
    resource: RecordResource<T, Input>;
    render?: Partial<Record<keyof Row & string, (row: Row) => ReactNode>>;
    extraFilters?: ListFilter[];
    currency?: string;
  } & Omit<ListPageProps<Row>, Declared | 'columns' | 'filters' | 'defaultSort' | 'rowLabel'> &
    Partial<Pick<ListPageProps<Row>, 'columns' | 'filters' | 'defaultSort' | 'rowLabel'>>,
) {
  const { resource, render, extraFilters, currency, ...rest } = props;
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
      create={{ href: `${kind.webPath}/new`, label: `New ${kind.noun}` }}
      archivePermission={kind.codes.remove}
      exportPermission={kind.codes.export}
      {...rest}
    />
  );
}

/**
 * A record's page: header, routed tabs, and Archive/Restore and Delete for holders of the kind's
 * remove code; `deleteText` says what deleting means for this kind.
 */
export function RecordPage<T extends Named, Input>(props: {
  resource: RecordResource<T, Input>;
  subtitle?: (record: T) => ReactNode;
  deleteText: string;
  /** More header actions, before Archive and Delete. */
  actions?: (record: T) => ReactNode;
}) {
  const { id = '' } = useParams();
  const { can } = useCan();
  const { resource } = props;
  const { kind } = resource;
  const record = resource.useRecord(id);
  if (!useMayOpen(kind)) return <NoAccess />;
  return (
    <DetailLayout<T>
      resource={resource}
      id={id}
      record={record.data}
      loading={record.isPending}
      error={record.error}
      title={(r) => r.name}
      subtitle={props.subtitle}
      archived={(r) => r.archived}
      actions={(r) => (
        <>
          {props.actions?.(r)}
          {can(kind.codes.remove) && (
            <ArchiveActions record={r} resource={resource} listHref={kind.webPath} deleteText={props.deleteText} />
          )}
        </>
      )}
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
        {props.form({
          submitLabel: `Create ${kind.noun}`,
          onSubmit: async (values) => {
            const record = await props.resource.create(values);
            await queryClient.invalidateQueries({ queryKey: ['list', kind.apiPath] });
            toastSuccess(props.created?.(record) ?? `${record.name} created.`);
            navigate(recordHref(kind, record._id));
          },
        })}
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
      {props.form({
        record,
        submitLabel: 'Save',
        onSubmit: async (values) => {
          await update.mutateAsync({ ...values, version: record.version });
          toastSuccess(`${resource.kind.label} saved.`);
        },
        reload: () => reload(record._id),
      })}
    </Card>
  );
}
