import { CREATE_ORDER_HREF, KINDS, ORDER_STATUS_LABELS, type OrderRow } from '@atelier/contracts';
import { formatDate, formatMoney } from '../lib/format';
import { RecordsOf } from './records-of';

type Props = {
  /** The list's filter that picks them: a customer's orders, an account's, a job's. */
  filter: 'customer' | 'account' | 'job';
  id: string;
  /** What shows when there are none. */
  empty: string;
};

/** A record's orders (a customer's, an account's, a job's), newest first, with their totals. */
export function OrdersOf({ filter, id, empty }: Props) {
  return (
    <RecordsOf<OrderRow>
      kind={KINDS.order}
      filter={filter}
      id={id}
      empty={empty}
      create={{ href: CREATE_ORDER_HREF, label: 'Create order' }}
      summary={(page) => {
        const open = page.items.filter((o) => o.status !== 'cancelled');
        // A sum of the orders shown is only the whole when every order is shown.
        const sum =
          open.length && page.total === page.items.length
            ? ` · ${formatMoney(open.reduce((s, o) => s + o.totalCents, 0))} not cancelled`
            : '';
        return `${page.total} order${page.total === 1 ? '' : 's'}${sum}`;
      }}
      columns={[
        {
          head: filter === 'customer' ? 'Job' : 'Customer',
          cell: (o) => (filter === 'customer' ? o.customerJob?.name : o.customer.name) ?? '—',
        },
        { head: 'Status', cell: (o) => ORDER_STATUS_LABELS[o.status] },
        { head: 'Date', cell: (o) => formatDate((o.confirmedAt ?? o.createdAt).slice(0, 10)) },
        {
          head: 'Total',
          // Changed since it was confirmed: both, as jobs and reports read them.
          cell: (o) =>
            o.originalTotalCents !== null && o.originalTotalCents !== o.totalCents
              ? `${formatMoney(o.totalCents)} (confirmed at ${formatMoney(o.originalTotalCents)})`
              : formatMoney(o.totalCents),
        },
      ]}
    />
  );
}
