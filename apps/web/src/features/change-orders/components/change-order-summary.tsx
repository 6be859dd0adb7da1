import { APPROVAL_METHOD_LABELS, CHANGE_ORDER_STATUS_LABELS, type ChangeOrder, KINDS } from '@atelier/contracts';
import { Alert, Anchor, Badge, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { DocumentLines } from '../../../components/documents/document-lines';
import { RevisionChanges } from '../../../components/documents/revision-changes';
import { formatDateTime, formatMoney } from '../../../lib/format';

export const CHANGE_ORDER_STATUS_COLORS: Record<ChangeOrder['status'], string> = {
  draft: 'gray',
  sent: 'blue',
  approved: 'green',
  declined: 'red',
};

/** The order's total before and after, and the difference the customer approves. */
function Totals({ co, currency }: { co: ChangeOrder; currency?: string }) {
  const difference = co.totalCents - co.previousTotalCents;
  const figure = (label: string, value: string) => (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700}>{value}</Text>
    </Stack>
  );
  return (
    <SimpleGrid cols={{ base: 1, xs: 3 }}>
      {figure('Order total before', formatMoney(co.previousTotalCents, currency))}
      {figure('Order total after', formatMoney(co.totalCents, currency))}
      {figure('Difference', `${difference >= 0 ? '+' : '−'}${formatMoney(Math.abs(difference), currency)}`)}
    </SimpleGrid>
  );
}

/** A change order as the customer approves it: why, what changes, the order's lines and totals as they would be. */
export function ChangeOrderSummary({ co, currency }: { co: ChangeOrder; currency?: string }) {
  return (
    <Card withBorder padding="lg">
      <Stack gap="sm">
        <Group gap="xs">
          <Badge color={CHANGE_ORDER_STATUS_COLORS[co.status]} variant="light">
            {CHANGE_ORDER_STATUS_LABELS[co.status]}
          </Badge>
          <Text size="sm">
            Changes order{' '}
            <Anchor component={Link} to={`${KINDS.order.webPath}/${co.order._id}`}>
              {co.order.name}
            </Anchor>{' '}
            for {co.customer.name}
            {co.revision ? ` · made its revision ${co.revision}` : ''}
          </Text>
        </Group>
        {co.stale && (
          <Alert color="yellow" title={`${co.order.name} changed since this was written`}>
            Another change was approved. Open the details below and save it again before sending or approving it.
          </Alert>
        )}
        <Text size="sm">{co.reason}</Text>
        <Totals co={co} currency={currency} />
        <Stack gap={4}>
          <Title order={3} size="h6">
            What changes
          </Title>
          {co.changes.length ? (
            <RevisionChanges changes={co.changes} currency={currency} />
          ) : (
            <Text size="sm" c="dimmed">
              No line changes yet.
            </Text>
          )}
        </Stack>
        <Title order={3} size="h6">
          The order’s lines after the change
        </Title>
        <DocumentLines lines={co.lines} currency={currency} totals={co} />
        {co.approval && (
          <Text size="sm">
            Approved by {co.approval.by} ({APPROVAL_METHOD_LABELS[co.approval.method].toLowerCase()}) on{' '}
            {formatDateTime(co.approval.at)}
            {co.approval.recordedBy ? `, recorded by ${co.approval.recordedBy.name}` : ''}
            {co.approval.note ? `: ${co.approval.note}` : '.'}
          </Text>
        )}
        {co.declinedAt && (
          <Text size="sm" c="dimmed">
            Declined on {formatDateTime(co.declinedAt)}.
          </Text>
        )}
      </Stack>
    </Card>
  );
}
