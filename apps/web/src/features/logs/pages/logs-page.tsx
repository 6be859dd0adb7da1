import { type AuditEntryView, type ListPage, P } from '@atelier/contracts';
import { Anchor, Button, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { NoAccess } from '../../../components/no-access';
import { PageHeader } from '../../../components/page-header';
import { usePeople } from '../../../components/people';
import { AuditEntry } from '../../../components/record/logs-tab';
import { api } from '../../../lib/api';
import { useCan } from '../../../lib/permissions';
import { LogVerification } from '../components/log-verification';

/** Where each kind of record lives in the app, for links from its history. */
const RECORD_PAGES: Record<string, { label: string; href?: (id: string) => string }> = {
  company: { label: 'Accounts', href: (id) => `/u/companies/${id}` },
  customer: { label: 'Customers', href: (id) => `/u/customers/${id}` },
  warehouse: { label: 'Warehouses', href: (id) => `/s/warehouses/${id}` },
  user: { label: 'People' },
  role: { label: 'Roles' },
  department: { label: 'Departments' },
  settings: { label: 'Settings' },
  firm: { label: 'Firm' },
  file: { label: 'Files' },
};

/** /f/logs: the firm's whole history, by user, kind of record and dates (modify-logs, 28). */
export default function LogsPage() {
  const { can } = useCan();
  const people = usePeople();
  const [params, setParams] = useSearchParams();
  const filters = {
    user: params.get('user') ?? '',
    entityType: params.get('entityType') ?? '',
    from: params.get('from') ?? '',
    to: params.get('to') ?? '',
  };
  const set = (key: keyof typeof filters, value: string | null) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    setParams(next);
  };
  const logs = useInfiniteQuery({
    queryKey: ['logs', filters],
    queryFn: ({ pageParam }) =>
      api<ListPage<AuditEntryView>>('GET', '/logs', undefined, {
        user: filters.user || undefined,
        entityType: filters.entityType || undefined,
        from: filters.from || undefined,
        to: filters.to || undefined,
        limit: 50,
        cursor: pageParam || undefined,
      }),
    initialPageParam: '',
    getNextPageParam: (last) => last.next ?? undefined,
    enabled: can(P.MODIFY_LOGS),
  });
  if (!can(P.MODIFY_LOGS)) return <NoAccess />;
  const entries = logs.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <Stack maw={1100} mx="auto">
      <PageHeader
        title="Logs"
        description="Every change in your firm: who, when, and what changed."
        actions={<LogVerification />}
      />
      <Group gap="sm" wrap="wrap" align="flex-end">
        <Select
          label="By"
          placeholder="Anyone"
          data={(people.data ?? []).map((p) => ({ value: p._id, label: p.name }))}
          value={filters.user || null}
          onChange={(v) => set('user', v)}
          clearable
          searchable
          w={200}
        />
        <Select
          label="Record"
          placeholder="Any kind"
          data={Object.entries(RECORD_PAGES).map(([value, { label }]) => ({ value, label }))}
          value={filters.entityType || null}
          onChange={(v) => set('entityType', v)}
          clearable
          w={180}
        />
        <TextInput
          label="From"
          type="date"
          value={filters.from}
          onChange={(e) => set('from', e.currentTarget.value)}
          w={160}
        />
        <TextInput
          label="To"
          type="date"
          value={filters.to}
          onChange={(e) => set('to', e.currentTarget.value)}
          w={160}
        />
      </Group>
      {logs.isError && <Text c="red">{logs.error.message}</Text>}
      {logs.data && (
        <Text size="sm" c="dimmed">
          {logs.data.pages[0]?.total} entries
        </Text>
      )}
      {entries.map((entry) => {
        const page = RECORD_PAGES[entry.entityType];
        return (
          <AuditEntry
            key={entry._id}
            entry={entry}
            link={
              page?.href ? (
                <Anchor component={Link} to={page.href(entry.entity)} size="sm">
                  {page.label.replace(/s$/, '').toLowerCase()}
                </Anchor>
              ) : (
                <Text size="sm" c="dimmed">
                  {entry.entityType}
                </Text>
              )
            }
          />
        );
      })}
      {logs.hasNextPage && (
        <Group justify="center">
          <Button variant="default" onClick={() => logs.fetchNextPage()} loading={logs.isFetchingNextPage}>
            Show older
          </Button>
        </Group>
      )}
    </Stack>
  );
}
