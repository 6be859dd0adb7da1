import { type RecordKind, type RecordTab, recordHref } from '@atelier/contracts';
import { Alert, Badge, Group, Loader, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { useChangedElsewhere } from '../../lib/record-events';
import { BackLink } from '../back-link';
import { LazySuspense } from '../lazy';
import { RoutedTabs } from '../routed-tabs';
import type { RecordPath } from './api';
import type { RecordOutlet } from './record-outlet';
import { SubscribeToggle } from './subscribe-toggle';

type Props<T> = {
  /** The kind's client (its feature's api.ts): its declaration gives the addresses, words and tabs. */
  resource: { kind: RecordKind; path: (id: string) => RecordPath };
  id: string;
  /**
   * The record's page, where the kind's pages name it otherwise than `${webPath}/{id}` (an
   * import's /p/importer/product/{id}); its tabs are under it.
   */
  href?: string;
  record: T | undefined;
  loading: boolean;
  error: Error | null;
  title: (record: T) => string;
  subtitle?: (record: T) => ReactNode;
  archived?: (record: T) => boolean;
  actions?: (record: T) => ReactNode;
  /** Leaves out tabs this user may not open (an employee's Customers without 8). */
  showTab?: (tab: RecordTab) => boolean;
};

/**
 * Someone else changed the record while it was open: the page already shows their version, and
 * a form keeps what was typed here, so this says so before the person saves over it.
 */
function ChangedElsewhereNotice({ path, noun, record }: { path: string; noun: string; record: unknown }) {
  const { change, dismiss } = useChangedElsewhere(path);
  if (!change) return null;
  const who = (record as { updatedBy?: { name: string } | null }).updatedBy?.name || 'Someone else';
  return (
    <Alert color="yellow" title={`${who} changed this ${noun}`} withCloseButton onClose={dismiss} role="status">
      It now shows their changes. Anything you typed and have not saved is kept; look it over before you save.
    </Alert>
  );
}

/** A record's page: header with name, status and actions, and tabs that are routes (/u/companies/42/files). */
export function DetailLayout<T>(props: Props<T>) {
  const { kind } = props.resource;
  const base = props.href ?? recordHref(kind, props.id);
  const path = props.resource.path(props.id);
  const tabs = kind.tabs.filter((tab) => props.showTab?.(tab) ?? true).map((t) => ({ value: t.path, label: t.label }));
  const { pathname } = useLocation();
  const navigate = useNavigate();
  // The first tab is the record's own address (no segment); Mantine needs it to have a value.
  const INDEX = 'details';
  const current = tabs.find((t) => t.value && pathname.startsWith(`${base}/${t.value}`))?.value || INDEX;
  if (props.loading) return <Loader m="xl" />;
  if (props.error || !props.record) {
    return (
      <Alert color="red" title="This record could not be shown" maw={560}>
        {props.error?.message ?? 'It does not exist.'} <Link to={kind.webPath}>Back to {kind.labelPlural}</Link>
      </Alert>
    );
  }
  const record = props.record;
  return (
    <Stack gap="md" maw={1200} mx="auto">
      <BackLink to={kind.webPath}>{kind.labelPlural}</BackLink>
      <ChangedElsewhereNotice path={path} noun={kind.noun} record={record} />
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <div style={{ minWidth: 0 }}>
          <Group gap="sm">
            <Title order={1} size="h2">
              {props.title(record)}
            </Title>
            {props.archived?.(record) && <Badge color="gray">Archived</Badge>}
          </Group>
          {props.subtitle && (
            <Text c="dimmed" size="sm" mt={4}>
              {props.subtitle(record)}
            </Text>
          )}
        </div>
        <Group gap="xs">
          <SubscribeToggle entityType={kind.key} entity={props.id} />
          {props.actions?.(record)}
        </Group>
      </Group>
      <RoutedTabs
        value={current}
        tabs={tabs.map((t) => ({ value: t.value || INDEX, label: t.label }))}
        onChange={(value) => navigate(value !== INDEX ? `${base}/${value}` : base)}
      />
      <LazySuspense>
        <Outlet context={{ record, path: path } satisfies RecordOutlet<T>} />
      </LazySuspense>
    </Stack>
  );
}
