import {
  INVOICE_STATUS_LABELS,
  type InvoiceStatus,
  KINDS,
  type RecurringInvoice,
  recordHref,
} from '@atelier/contracts';
import { Anchor, Badge, Card, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { ScrollTable } from '../../../components/scroll-table';
import { formatDate, formatMoney } from '../../../lib/format';

// The invoices' own colours; kept here as features do not import each other.
const INVOICE_COLORS: Record<InvoiceStatus, string> = {
  draft: 'gray',
  sent: 'blue',
  partially_paid: 'yellow',
  paid: 'green',
  void: 'red',
};

function InvoiceStatusBadge({ status }: { status: string }) {
  const known = Object.hasOwn(INVOICE_STATUS_LABELS, status) ? (status as InvoiceStatus) : null;
  return (
    <Badge color={known ? INVOICE_COLORS[known] : 'gray'} variant="light">
      {known ? INVOICE_STATUS_LABELS[known] : status}
    </Badge>
  );
}

/** The invoices the plan made, newest first, each with its state and what it came to. */
export function MadeInvoices({ plan, currency }: { plan: RecurringInvoice; currency?: string }) {
  return (
    <Card withBorder padding="lg">
      <Stack gap="xs">
        <Title order={3} size="h5">
          Invoices made
        </Title>
        {plan.invoices.length === 0 ? (
          <Text size="sm" c="dimmed">
            {plan.nextRunOn && plan.status === 'active'
              ? `None yet: the first is made on ${formatDate(plan.nextRunOn)}.`
              : 'None.'}
          </Text>
        ) : (
          <ScrollTable
            minWidth={420}
            head={['Invoice', 'Issued', 'Status', 'Total']}
            rows={plan.invoices.map((invoice) => ({
              key: invoice._id,
              cells: [
                <Anchor key="link" component={Link} to={recordHref(KINDS.invoice, invoice._id)} size="sm">
                  {invoice.name}
                </Anchor>,
                formatDate(invoice.issueDate),
                <InvoiceStatusBadge key="status" status={invoice.status} />,
                formatMoney(invoice.totalCents, currency),
              ],
            }))}
          />
        )}
      </Stack>
    </Card>
  );
}
