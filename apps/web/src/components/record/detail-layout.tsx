import { Alert, Badge, Group, Loader, ScrollArea, Stack, Tabs, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link, Outlet, useLocation, useNavigate, useOutletContext } from 'react-router';
import type { RecordPath } from './api';
import { SubscribeToggle } from './subscribe-toggle';

export type RecordOutlet<T> = { record: T; path: RecordPath };

/** The record a detail page's tab belongs to, and its API address. */
export function useRecord<T>(): RecordOutlet<T> {
  return useOutletContext<RecordOutlet<T>>();
}

type Props<T> = {
  /** The page's address without a tab: /u/companies/{id}. */
  base: string;
  /** Its kind and id, for the subscribe toggle every record page has. */
  entity: { type: string; id: string };
  path: RecordPath;
  record: T | undefined;
  loading: boolean;
  error: Error | null;
  title: (record: T) => string;
  subtitle?: (record: T) => ReactNode;
  archived?: (record: T) => boolean;
  actions?: (record: T) => ReactNode;
  tabs: { value: string; label: string }[];
  back: { href: string; label: string };
};

/** A record's page: header with name, status and actions, and tabs that are routes (/u/companies/42/files). */
export function DetailLayout<T>(props: Props<T>) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  // The first tab is the record's own address (no segment); Mantine needs it to have a value.
  const INDEX = 'details';
  const current = props.tabs.find((t) => t.value && pathname.startsWith(`${props.base}/${t.value}`))?.value || INDEX;
  if (props.loading) return <Loader m="xl" />;
  if (props.error || !props.record) {
    return (
      <Alert color="red" title="This record could not be shown" maw={560}>
        {props.error?.message ?? 'It does not exist.'} <Link to={props.back.href}>{props.back.label}</Link>
      </Alert>
    );
  }
  const record = props.record;
  return (
    <Stack gap="md" maw={1200} mx="auto">
      <Text size="sm">
        <Link to={props.back.href}>{props.back.label}</Link>
      </Text>
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
          <SubscribeToggle entityType={props.entity.type} entity={props.entity.id} />
          {props.actions?.(record)}
        </Group>
      </Group>
      <ScrollArea type="auto" scrollbarSize={4}>
        <Tabs
          value={current}
          onChange={(value) => navigate(value && value !== INDEX ? `${props.base}/${value}` : props.base)}
        >
          <Tabs.List style={{ flexWrap: 'nowrap' }}>
            {props.tabs.map((tab) => (
              <Tabs.Tab key={tab.value || INDEX} value={tab.value || INDEX}>
                {tab.label}
              </Tabs.Tab>
            ))}
          </Tabs.List>
        </Tabs>
      </ScrollArea>
      <Outlet context={{ record, path: props.path } satisfies RecordOutlet<T>} />
    </Stack>
  );
}
