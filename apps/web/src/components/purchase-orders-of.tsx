import { KINDS, PURCHASE_ORDER_STATUS_LABELS, type PurchaseOrderRow } from '@atelier/contracts';
import { formatDate, formatMoney } from '../lib/format';
import { RecordsOf } from './records-of';

type Props = {
  /** The list's filter that picks them: a vendor's orders, a job's. */
  filter: 'vendor' | 'job';
  id: string;
  /** What shows when there are none. */
  empty: string;
};

/** A record's purchase orders (a vendor's, a job's), newest first, with a link to order more. */
export function PurchaseOrdersOf({ filter, id, empty }: Props) {
  const kind = KINDS.purchase_order;
  return (
    <RecordsOf<PurchaseOrderRow>
      kind={kind}
      filter={filter}
      id={id}
      empty={empty}
      create={{ href: `${kind.webPath}/new`, label: 'New purchase order' }}
      columns={[
        {
          head: filter === 'job' ? 'Vendor' : 'Job',
          cell: (o) => (filter === 'job' ? o.vendor.name : o.customerJob?.name) ?? '—',
        },
        { head: 'Status', cell: (o) => PURCHASE_ORDER_STATUS_LABELS[o.status] },
        { head: 'Expected', cell: (o) => (o.expectedDate ? formatDate(o.expectedDate) : '—') },
        { head: 'Total', cell: (o) => formatMoney(o.totalCents) },
        { head: 'Lines received', cell: (o) => `${o.linesReceived} of ${o.lineCount}` },
      ]}
    />
  );
}
