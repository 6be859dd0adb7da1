import { AGING_BUCKET_LABELS, AGING_BUCKETS, type Aging, type Company, KINDS, P } from '@atelier/contracts';
import { Button, Card, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { InvoicesOf } from '../../../components/invoices-of';
import { NoAccess } from '../../../components/no-access';
import { useRecord } from '../../../components/record/record-outlet';
import { api } from '../../../lib/api';
import { formatDate, formatMoney } from '../../../lib/format';
import { showSubmitError } from '../../../lib/forms';
import { useCan } from '../../../lib/permissions';
import { toastSuccess } from '../../../lib/toast';

/** What the account owes today: by days past due, its credit, and the balance. */
function AgingCard({ aging }: { aging: Aging }) {
  const t = aging.totals;
  return (
    <Card withBorder padding="lg">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h4">
            Balance
          </Title>
          <Text size="sm" c="dimmed">
            As of {formatDate(aging.asOf)}
          </Text>
        </Group>
        <SimpleGrid cols={{ base: 2, sm: 4, md: 8 }}>
          {AGING_BUCKETS.map((b) => (
            <Stack key={b} gap={0}>
              <Text size="xs" c="dimmed">
                {AGING_BUCKET_LABELS[b]}
              </Text>
              <Text fw={500} c={b !== 'current' && t[b] > 0 ? 'red' : undefined}>
                {formatMoney(t[b])}
              </Text>
            </Stack>
          ))}
          <Stack gap={0}>
            <Text size="xs" c="dimmed">
              Open invoices
            </Text>
            <Text fw={500}>{formatMoney(t.openCents)}</Text>
          </Stack>
          <Stack gap={0}>
            <Text size="xs" c="dimmed">
              Credit
            </Text>
            <Text fw={500}>{formatMoney(t.creditCents)}</Text>
          </Stack>
          <Stack gap={0}>
            <Text size="xs" c="dimmed">
              Balance due
            </Text>
            <Text fw={700}>{formatMoney(t.balanceCents)}</Text>
          </Stack>
        </SimpleGrid>
        {t.balanceCents < 0 && (
          <Text size="sm">
            The firm owes this account {formatMoney(-t.balanceCents)}: apply its credit or refund it.
          </Text>
        )}
      </Stack>
    </Card>
  );
}

/** /u/companies/{id}/accounting: the account's balance and aging, its invoices, and its statement. */
export default function CompanyAccountingTab() {
  const { record } = useRecord<Company>();
  const { can } = useCan();
  const allowed = can(KINDS.invoice.codes.modify);
  const aging = useQuery({
    queryKey: ['list', KINDS.invoice.apiPath, 'aging', record._id],
    queryFn: () => api<Aging>('GET', '/receivables/aging', undefined, { account: record._id }),
    enabled: allowed,
  });
  const send = useMutation({
    mutationFn: () => api<{ sentTo: string }>('POST', `${KINDS.company.apiPath}/${record._id}/statement/send`),
  });
  if (!allowed) return <NoAccess />;
  return (
    <Stack>
      <Group justify="flex-end">
        <Button
          component="a"
          variant="default"
          href={`/api/v1${KINDS.company.apiPath}/${record._id}/statement.pdf`}
          target="_blank"
        >
          Statement PDF
        </Button>
        {can(P.SEND_INVOICES) && (
          <Button
            loading={send.isPending}
            onClick={async () => {
              try {
                const done = await send.mutateAsync();
                toastSuccess(`Statement emailed to ${done.sentTo}.`);
              } catch (error) {
                showSubmitError(error);
              }
            }}
          >
            Email statement
          </Button>
        )}
      </Group>
      {aging.data ? <AgingCard aging={aging.data} /> : <Loader aria-label="Loading the balance" />}
      <InvoicesOf filter="account" id={record._id} empty={`No invoices for ${record.name} yet.`} />
    </Stack>
  );
}
