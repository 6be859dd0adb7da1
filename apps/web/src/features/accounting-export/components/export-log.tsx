import { ACCOUNTING_ADAPTER_INFO, type AccountingExport, EXPORT_CHANGE_LABELS } from '@atelier/contracts';
import { Anchor, Badge, Button, Card, Code, Modal, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { formatBytes, formatDate, formatDateTime, formatMoney } from '../../../lib/format';
import { exportFileUrl, useExportDetail, useExports } from '../api';

const period = (r: AccountingExport) => `${formatDate(r.from)} – ${formatDate(r.to)}`;

/** What a run did, in words: "3 sent · 1 changed · 12 already sent". */
export function exportCounts(r: AccountingExport): string {
  const parts = [
    r.sent && `${r.sent} sent`,
    r.changed && `${r.changed} changed`,
    r.reversed && `${r.reversed} reversed`,
    r.skipped && `${r.skipped} already sent`,
  ].filter(Boolean);
  return parts.length ? parts.join(' · ') : 'Nothing to send';
}

/** One run's documents, each a link to its record, and what came back (the file's checksum). */
function ExportDetailModal({ id, onClose }: { id: string; onClose: () => void }) {
  const detail = useExportDetail(id);
  const run = detail.data;
  return (
    <Modal opened onClose={onClose} title={run ? `Export #${run.number}` : 'Export'} size="xl">
      {!run ? (
        <Text c={detail.isError ? 'red' : 'dimmed'}>{detail.isError ? detail.error.message : 'Loading…'}</Text>
      ) : (
        <Stack>
          <Text size="sm">
            {ACCOUNTING_ADAPTER_INFO[run.adapter].label}, {period(run)}, by {run.createdBy?.name ?? 'the system'} on{' '}
            {formatDateTime(run.createdAt)}.
          </Text>
          {run.leftOut.length > 0 && (
            <Text size="sm" c="dimmed">
              Left out (no permission to sync them): {run.leftOut.map((k) => `${k.label} (${k.code})`).join(', ')}.
            </Text>
          )}
          {run.error && (
            <Text size="sm" c="red">
              {run.error}
            </Text>
          )}
          {run.file && (
            <Text size="sm">
              {run.file.entries} entries, {run.file.lines} lines: debits {formatMoney(run.file.debitCents)}, credits{' '}
              {formatMoney(run.file.creditCents)}. SHA-256 <Code>{run.file.sha256}</Code>
            </Text>
          )}
          {run.documents.length === 0 ? (
            <Text size="sm" c="dimmed">
              No document was sent.
            </Text>
          ) : (
            <Table.ScrollContainer minWidth={560}>
              <Table verticalSpacing="xs">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Document</Table.Th>
                    <Table.Th>Type</Table.Th>
                    <Table.Th>With</Table.Th>
                    <Table.Th>What</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {run.documents.map((d) => (
                    <Table.Tr key={`${d.kind}:${d.record._id}`}>
                      <Table.Td>
                        {d.href ? (
                          <Anchor component={Link} to={d.href}>
                            {d.record.name}
                          </Anchor>
                        ) : (
                          d.record.name
                        )}
                      </Table.Td>
                      <Table.Td>{d.kindLabel}</Table.Td>
                      <Table.Td>{d.party}</Table.Td>
                      <Table.Td>{EXPORT_CHANGE_LABELS[d.change]}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </Stack>
      )}
    </Modal>
  );
}

/** The sync log: every run, newest first, with its file to download again; `vendor`: that vendor's runs only. */
export function ExportLog({ vendor, empty }: { vendor?: string; empty: string }) {
  const exports = useExports(vendor);
  const [open, setOpen] = useState<string | null>(null);
  const runs = exports.data?.items ?? [];
  return (
    <Card withBorder padding={0}>
      {exports.isPending ? (
        <Text p="md" c="dimmed">
          Loading…
        </Text>
      ) : exports.isError ? (
        <Text p="md" c="red">
          {exports.error.message}
        </Text>
      ) : runs.length === 0 ? (
        <Text p="md" c="dimmed">
          {empty}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={820}>
          <Table verticalSpacing="sm" aria-label="Sync log">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Export</Table.Th>
                <Table.Th>When</Table.Th>
                <Table.Th>Format</Table.Th>
                <Table.Th>Period</Table.Th>
                <Table.Th>Documents</Table.Th>
                <Table.Th>File</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {runs.map((r) => (
                <Table.Tr key={r._id}>
                  <Table.Td fw={500}>#{r.number}</Table.Td>
                  <Table.Td>
                    <Text size="sm">{formatDateTime(r.createdAt)}</Text>
                    <Text size="xs" c="dimmed">
                      {r.createdBy?.name ?? 'The system'}
                    </Text>
                  </Table.Td>
                  <Table.Td>{ACCOUNTING_ADAPTER_INFO[r.adapter].label}</Table.Td>
                  <Table.Td>{period(r)}</Table.Td>
                  <Table.Td>
                    {r.status === 'failed' ? (
                      <Badge color="red" variant="light">
                        Refused
                      </Badge>
                    ) : (
                      <Text size="sm">{exportCounts(r)}</Text>
                    )}
                    {r.leftOut.length > 0 && (
                      <Text size="xs" c="dimmed">
                        Left out: {r.leftOut.map((k) => k.label).join(', ')}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    {r.file ? (
                      <Anchor href={exportFileUrl(r._id)} download size="sm">
                        Download ({formatBytes(r.file.bytes)})
                      </Anchor>
                    ) : (
                      <Text size="xs" c="red" maw={260} lineClamp={2} title={r.error ?? ''}>
                        {r.error}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td ta="right">
                    <Button size="xs" variant="subtle" onClick={() => setOpen(r._id)}>
                      Details
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {open && <ExportDetailModal id={open} onClose={() => setOpen(null)} />}
    </Card>
  );
}
