import { CREDIT_MEMO_STATUS_LABELS, type CreditMemo, KINDS, recordHref } from '@atelier/contracts';
import { Anchor, Badge, Card, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { Fact } from '../../../components/money/fact';
import { formatDate, formatMoney } from '../../../lib/format';

export const CREDIT_MEMO_STATUS_COLORS: Record<CreditMemo['status'], string> = {
  open: 'blue',
  applied: 'green',
  void: 'gray',
};

/** The credit memo as the books read it: what it gives, how much is used on invoices or paid back, and what is left. */
export function CreditMemoSummary({ memo, currency }: { memo: CreditMemo; currency?: string }) {
  const money = (cents: number) => formatMoney(cents, currency);
  return (
    <Card withBorder padding="lg">
      <Stack gap="md">
        <Group gap="xs">
          <Badge color={CREDIT_MEMO_STATUS_COLORS[memo.status]} variant="light">
            {CREDIT_MEMO_STATUS_LABELS[memo.status]}
          </Badge>
          <Text size="sm">
            <Anchor component={Link} to={recordHref(KINDS.customer, memo.customer._id)}>
              {memo.customer.name}
            </Anchor>
            {memo.company && (
              <>
                {' · '}
                <Anchor component={Link} to={recordHref(KINDS.company, memo.company._id)}>
                  {memo.company.name}
                </Anchor>
              </>
            )}
            {memo.customerJob && (
              <>
                {' · Job '}
                <Anchor component={Link} to={recordHref(KINDS.customer_job, memo.customerJob._id)}>
                  {memo.customerJob.name}
                </Anchor>
              </>
            )}
          </Text>
        </Group>
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md" verticalSpacing="sm">
          <Fact label="Amount">
            <Text fw={700} span>
              {money(memo.amountCents)}
            </Text>
          </Fact>
          <Fact label="Used on invoices">{money(memo.appliedCents)}</Fact>
          <Fact label="Refunded">{money(memo.refundedCents)}</Fact>
          <Fact label="Left to use">
            <Text fw={700} span>
              {money(memo.remainingCents)}
            </Text>
          </Fact>
          <Fact label="Issued on">{formatDate(memo.issueDate)}</Fact>
        </SimpleGrid>
        <Fact label="Reason">{memo.reason}</Fact>
        {memo.status === 'void' && memo.voidReason && <Fact label="Void because">{memo.voidReason}</Fact>}
        {memo.notes && (
          <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-line' }}>
            Notes: {memo.notes}
          </Text>
        )}
      </Stack>
    </Card>
  );
}

/** The refunds paid out against the credit memo, each a payment of its own. */
export function RefundsCard({ memo, currency }: { memo: CreditMemo; currency?: string }) {
  if (memo.refunds.length === 0) return null;
  return (
    <Card withBorder padding="lg">
      <Stack gap="xs">
        <Title order={2} size="h4">
          Refunds
        </Title>
        <Table verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Refund</Table.Th>
              <Table.Th ta="right">Amount</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {memo.refunds.map((r) => (
              <Table.Tr key={r._id}>
                <Table.Td>
                  <Anchor component={Link} to={recordHref(KINDS.payment, r._id)} size="sm">
                    {r.name}
                  </Anchor>
                  <Text size="xs" c="dimmed">
                    Paid {formatDate(r.date)}
                  </Text>
                </Table.Td>
                <Table.Td ta="right">{formatMoney(r.amountCents, currency)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Stack>
    </Card>
  );
}
