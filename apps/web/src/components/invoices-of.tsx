import { INVOICE_STATUS_LABELS, type InvoiceRow, KINDS } from '@atelier/contracts';
import { Badge, Group } from '@mantine/core';
import { formatDate, formatMoney } from '../lib/format';
import { RecordsOf } from './records-of';

type Props = {
  /** The list's filter that picks them: an account's invoices, a job's. */
  filter: 'account' | 'job' | 'customer';
  id: string;
  /** What shows when there are none. */
  empty: string;
};

/** A record's invoices (an account's, a job's), newest first, with what each still owes. */
export function InvoicesOf({ filter, id, empty }: Props) {
  return (
    <RecordsOf<InvoiceRow>
      kind={KINDS.invoice}
      filter={filter}
      id={id}
      empty={empty}
      create={{ href: `${KINDS.invoice.webPath}/new`, label: 'Create invoice' }}
      summary={(page) => {
        const owed = page.items.filter((i) => i.status === 'sent' || i.status === 'partially_paid');
        // A sum of the invoices shown is only the whole when every invoice is shown.
        const sum =
          owed.length && page.total === page.items.length
            ? ` · ${formatMoney(owed.reduce((s, i) => s + i.balanceCents, 0))} still owed`
            : '';
        return `${page.total} invoice${page.total === 1 ? '' : 's'}${sum}`;
      }}
      columns={[
        {
          head: filter === 'job' ? 'Order' : 'Customer',
          cell: (i) => (filter === 'job' ? (i.order?.name ?? '—') : i.customer.name),
        },
        {
          head: 'Status',
          cell: (i) => (
            <Group gap={4} wrap="nowrap">
              {INVOICE_STATUS_LABELS[i.status]}
              {i.overdue && (
                <Badge color="red" variant="light" size="sm">
                  Overdue
                </Badge>
              )}
            </Group>
          ),
        },
        { head: 'Due', cell: (i) => formatDate(i.dueDate) },
        { head: 'Total', cell: (i) => formatMoney(i.totalCents) },
        { head: 'Balance', cell: (i) => formatMoney(i.balanceCents) },
      ]}
    />
  );
}
