import { KINDS, PAYMENT_METHOD_LABELS, type Payment, recordHref } from '@atelier/contracts';
import { Anchor, Badge, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { Fact } from '../../../components/money/fact';
import { formatDate, formatMoney } from '../../../lib/format';

/**
 * The payment as the books read it: who paid, how, how much, and how much of it is on invoices
 * (the rest is the customer's credit). A refund is money paid back against a credit memo.
 */
export function PaymentSummary({ payment, currency }: { payment: Payment; currency?: string }) {
  const money = (cents: number) => formatMoney(cents, currency);
  const refund = payment.refund;
  return (
    <Card withBorder padding="lg">
      <Stack gap="md">
        <Group gap="xs">
          {refund ? (
            <Badge color="orange" variant="light">
              Refund
            </Badge>
          ) : payment.unappliedCents > 0 ? (
            <Badge color="yellow" variant="light">
              {money(payment.unappliedCents)} unapplied
            </Badge>
          ) : (
            <Badge color="green" variant="light">
              All on invoices
            </Badge>
          )}
          <Text size="sm">
            <Anchor component={Link} to={recordHref(KINDS.customer, payment.customer._id)}>
              {payment.customer.name}
            </Anchor>
            {payment.company && (
              <>
                {' · '}
                <Anchor component={Link} to={recordHref(KINDS.company, payment.company._id)}>
                  {payment.company.name}
                </Anchor>
              </>
            )}
          </Text>
        </Group>
        <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }} spacing="md" verticalSpacing="sm">
          <Fact label={refund ? 'Paid back' : 'Amount'}>
            <Text fw={700} span>
              {money(payment.amountCents)}
            </Text>
          </Fact>
          <Fact label={refund ? 'Paid back by' : 'Paid by'}>{PAYMENT_METHOD_LABELS[payment.method]}</Fact>
          <Fact label={refund ? 'Paid on' : 'Received on'}>{formatDate(payment.receivedOn)}</Fact>
          <Fact label="Reference">{payment.reference || '—'}</Fact>
          {refund ? (
            <Fact label="Against credit memo">
              <Anchor component={Link} to={recordHref(KINDS.credit_memo, refund._id)}>
                {refund.name}
              </Anchor>
            </Fact>
          ) : (
            <>
              <Fact label="On invoices">{money(payment.appliedCents)}</Fact>
              <Fact label="Customer’s credit from it">{money(payment.unappliedCents)}</Fact>
            </>
          )}
        </SimpleGrid>
        {payment.notes && (
          <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-line' }}>
            Notes: {payment.notes}
          </Text>
        )}
      </Stack>
    </Card>
  );
}
