import { APPROVAL_METHOD_LABELS, CHANGE_ORDER_STATUS_LABELS, type ChangeOrder, KINDS } from '@atelier/contracts';
import { Alert, Anchor, Badge, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { DocumentLines } from '../../../components/documents/document-lines';
import { RevisionChanges } from '../../../components/documents/revision-changes';
import { ApprovalLink } from '../../../components/online-approval/approval-link';
import { ApprovalRecords } from '../../../components/online-approval/approval-records';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { useCan } from '../../../lib/permissions';
import { changeOrders, useChangeOrderStep } from '../api';

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

/** The link the customer was sent to approve it online: copied or revoked from here, once sent. */
function LinkState({ co }: { co: ChangeOrder }) {
  const { can, hasFeature } = useCan();
  const step = useChangeOrderStep(co._id, co.order._id);
  // Links are made only where the firm approves online (its proposals), and only while it is open.
  if (!co.link && (!hasFeature(KINDS.proposal.feature) || (co.status !== 'draft' && co.status !== 'sent'))) return null;
  return (
    <ApprovalLink
      link={co.link}
      number={co.name}
      noun="change order"
      notSent="Not sent yet: emailing it to the customer sends them a link to read and approve it online."
      onRevoke={can(changeOrders.kind.codes.modify) ? () => step.mutateAsync({ name: 'revoke' }) : undefined}
      revoking={step.isPending}
    />
  );
}

/**
 * A change order as the customer approves it: why, what changes, the order's lines and totals as
 * they would be; then how it was approved, the link sent to approve it online and the customer's
 * decisions through it.
 */
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
        <LinkState co={co} />
        <ApprovalRecords approvals={co.approvals} whole="The whole change order" orderVerb="Changed order" />
      </Stack>
    </Card>
  );
}
