import {
  KINDS,
  RETURN_CONDITION_LABELS,
  RETURN_REASON_LABELS,
  RETURN_RESOLUTION_LABELS,
  type Return,
  type ReturnLine,
  recordHref,
} from '@atelier/contracts';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Fact } from '../../../components/money/fact';
import { formatDate, formatDateTime, formatMoney, formatQuantity } from '../../../lib/format';
import { ReturnStatusBadge } from './return-status';
import { ReturnTotals } from './return-totals';

const link = (href: string, text: string) => (
  <Anchor component={Link} to={href} size="sm">
    {text}
  </Anchor>
);

/** Who and what the return is about, and the documents it made or came from, as links. */
function ReturnLinks({ ret }: { ret: Return }) {
  const parts: ReactNode[] = [
    link(recordHref(KINDS.customer, ret.customer._id), ret.customer.name),
    ...(ret.company ? [link(recordHref(KINDS.company, ret.company._id), ret.company.name)] : []),
    <>Order {link(recordHref(KINDS.order, ret.order._id), ret.order.name)}</>,
    ...(ret.deliveryRoute
      ? [
          <>
            Damage found on delivery{' '}
            {link(recordHref(KINDS.delivery_route, ret.deliveryRoute._id), ret.deliveryRoute.name)}
          </>,
        ]
      : []),
  ];
  return (
    <Text size="sm">
      {parts.map((p, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the links are in a fixed order.
        <span key={i}>
          {i > 0 && ' · '}
          {p}
        </span>
      ))}
    </Text>
  );
}

/**
 * The return as the shop reads it: its state and dates, the customer, order and delivery it is
 * about, what it comes to, how it was settled (the credit memo and the refund), or why it was
 * rejected; then its lines.
 */
export function ReturnSummary({
  ret,
  currency,
  lineAction,
}: {
  ret: Return;
  currency?: string;
  /** What a line offers besides its facts ("Claim from vendor"). */
  lineAction?: (line: ReturnLine) => ReactNode;
}) {
  const steps = [
    `Requested ${formatDate(ret.requestedAt)}`,
    ret.approvedAt && `approved ${formatDateTime(ret.approvedAt)}`,
    ret.receivedAt && `received ${formatDateTime(ret.receivedAt)}${ret.warehouse ? ` into ${ret.warehouse.name}` : ''}`,
    ret.resolvedAt && `settled ${formatDateTime(ret.resolvedAt)}`,
  ].filter(Boolean);
  return (
    <Card withBorder padding="lg">
      <Stack gap="md">
        <Group gap="xs">
          <ReturnStatusBadge status={ret.status} />
          {ret.resolution && (
            <Badge color="gray" variant="outline">
              {RETURN_RESOLUTION_LABELS[ret.resolution]}
            </Badge>
          )}
          <ReturnLinks ret={ret} />
        </Group>
        <Text size="sm" c="dimmed">
          {steps.join(' · ')}
          {!ret.receivedAt && ret.warehouse ? ` · comes back into ${ret.warehouse.name}` : ''}
        </Text>
        {ret.status === 'rejected' && (
          <Alert color="gray" title="Rejected">
            {ret.rejectReason || 'No reason given.'}
          </Alert>
        )}
        {(ret.creditMemo || ret.refund) && (
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            {ret.creditMemo && (
              <Fact label="Credit memo">
                {link(recordHref(KINDS.credit_memo, ret.creditMemo._id), ret.creditMemo.name)}
              </Fact>
            )}
            {ret.refund && (
              <Fact label="Refund">{link(recordHref(KINDS.payment, ret.refund._id), ret.refund.name)}</Fact>
            )}
          </SimpleGrid>
        )}
        {ret.status === 'resolved' && !ret.creditMemo && (
          <Text size="sm">The restocking fee took the whole credit: nothing was given back.</Text>
        )}
        <ReturnLinesTable ret={ret} currency={currency} lineAction={lineAction} />
        <ReturnTotals
          goodsCents={ret.goodsCents}
          feeCents={ret.restockingFeeCents}
          creditCents={ret.creditCents}
          currency={currency}
        />
        {ret.notes && (
          <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-line' }}>
            Notes: {ret.notes}
          </Text>
        )}
      </Stack>
    </Card>
  );
}

/** The lines coming back: how many, why, in what state, what each credits, and whether it was restocked. */
function ReturnLinesTable({
  ret,
  currency,
  lineAction,
}: {
  ret: Return;
  currency?: string;
  lineAction?: (line: ReturnLine) => ReactNode;
}) {
  const received = ret.status === 'received' || ret.status === 'resolved';
  return (
    <Stack gap="xs">
      <Title order={2} size="h4">
        Lines
      </Title>
      <Table.ScrollContainer minWidth={760}>
        <Table verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Item</Table.Th>
              <Table.Th ta="right">Quantity</Table.Th>
              <Table.Th>Reason</Table.Th>
              <Table.Th>Condition</Table.Th>
              <Table.Th>Note</Table.Th>
              <Table.Th ta="right">Credit</Table.Th>
              <Table.Th>
                <VisuallyHidden>Stock and claims</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {ret.lines.map((l) => (
              <Table.Tr key={l._id}>
                <Table.Td>
                  <Text size="sm">{l.name}</Text>
                  <Text size="xs" c="dimmed">
                    {l.sku}
                  </Text>
                </Table.Td>
                <Table.Td ta="right">
                  {formatQuantity(l.quantity)}
                  {l.unit ? ` ${l.unit}` : ''}
                </Table.Td>
                <Table.Td>{RETURN_REASON_LABELS[l.reason]}</Table.Td>
                <Table.Td>{RETURN_CONDITION_LABELS[l.condition]}</Table.Td>
                <Table.Td>
                  <Text size="sm" c={l.note ? undefined : 'dimmed'}>
                    {l.note || '—'}
                  </Text>
                </Table.Td>
                <Table.Td ta="right">{formatMoney(l.creditCents, currency)}</Table.Td>
                <Table.Td>
                  <Group gap={4} wrap="nowrap" justify="flex-end">
                    {received &&
                      (l.restocked ? (
                        <Badge color="green" variant="light">
                          Restocked
                        </Badge>
                      ) : (
                        <Badge color="gray" variant="light">
                          Not restocked
                        </Badge>
                      ))}
                    {l.claimed && (
                      <Badge color="orange" variant="light">
                        Claimed
                      </Badge>
                    )}
                    {lineAction?.(l)}
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}

/** "Claim from vendor" on a line not claimed yet. */
export function ClaimLineButton({ onClick }: { onClick: () => void }) {
  return (
    <Button size="compact-xs" variant="default" onClick={onClick} style={{ whiteSpace: 'nowrap' }}>
      Claim from vendor
    </Button>
  );
}
