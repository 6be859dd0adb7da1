import type { AuditEntryView } from '@atelier/contracts';
import { Badge, Box, Button, Card, Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import { Fragment } from 'react';
import { formatDateTime } from '../../lib/format';
import { useLogs } from './api';
import { useRecord } from './record-outlet';

const label = (field: string) => field.replace(/([A-Z])/g, ' $1').replace(/^./, (c) => c.toUpperCase());

/**
 * A logged value as a person reads it, in words: yes or no, addresses as one line, lists joined,
 * a linked record or person by name, anything else as its fields ("Rate cents: 3400, Type: hourly").
 */
function show(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (Array.isArray(value)) return value.length ? value.map((v) => show(v)).join('; ') : '—';
  if (typeof value === 'object') {
    const o = value as Record<string, unknown>;
    if ('line1' in o) return [o.line1, o.line2, o.city, o.region, o.postalCode].filter(Boolean).join(', ');
    if ('email' in o) return String(o.email);
    if ('number' in o) return String(o.number);
    if (typeof o.name === 'string') return o.name;
    const fields = Object.entries(o).filter(([key]) => key !== '_id');
    return fields.length ? fields.map(([key, v]) => `${label(key)}: ${show(v)}`).join(', ') : '—';
  }
  return String(value);
}

/** One audit entry: who, when, what, and each changed field before → after. */
export function AuditEntry({ entry, link }: { entry: AuditEntryView; link?: React.ReactNode }) {
  const changes = Object.entries(entry.changes);
  return (
    <Card withBorder padding="md">
      <Group gap="xs" mb={changes.length ? 'xs' : 0} wrap="wrap">
        <Badge variant="light">{entry.action.replaceAll('-', ' ')}</Badge>
        <Text size="sm" fw={500}>
          {entry.actor?.name ?? 'Atelier'}
          {entry.impersonator ? ` (signed in by ${entry.impersonator.name})` : ''}
        </Text>
        <Text size="xs" c="dimmed">
          {formatDateTime(entry.createdAt)}
        </Text>
        {link}
      </Group>
      {changes.length > 0 && (
        // Field, then before → after; the values wrap rather than run off a phone's screen.
        <Box
          component="dl"
          m={0}
          style={{
            display: 'grid',
            gridTemplateColumns: 'minmax(6rem, 10rem) minmax(0, 1fr)',
            columnGap: 'var(--mantine-spacing-sm)',
            rowGap: 4,
          }}
        >
          {changes.map(([field, change]) => (
            <Fragment key={field}>
              <Text component="dt" size="sm" c="dimmed">
                {label(field)}
              </Text>
              <Text component="dd" size="sm" m={0} style={{ overflowWrap: 'anywhere' }}>
                <Text span inherit c="dimmed" td="line-through">
                  {show(change.before)}
                </Text>
                <span aria-hidden> → </span>
                <VisuallyHidden> changed to </VisuallyHidden>
                {show(change.after)}
              </Text>
            </Fragment>
          ))}
        </Box>
      )}
    </Card>
  );
}

export function LogsTab() {
  const { path } = useRecord<unknown>();
  const logs = useLogs(path);
  const entries = logs.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <Stack gap="sm">
      {entries.length === 0 && !logs.isPending && <Text c="dimmed">No history yet.</Text>}
      {entries.map((entry) => (
        <AuditEntry key={entry._id} entry={entry} />
      ))}
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
