import { KINDS, VENDOR_BILL_STATUS_LABELS, type VendorBillRow } from '@atelier/contracts';
import { Badge, Group } from '@mantine/core';
import { RecordsOf } from '../../../components/records-of';
import { formatDate, formatMoney } from '../../../lib/format';

/** A vendor's bills, or a purchase order's, the latest first, with what each still owes. */
export function BillsOf(props: {
  filter: 'vendor' | 'purchaseOrder';
  id: string;
  /** Where "New bill" starts: the vendor, and the order whose received lines it bills. */
  vendor: string;
  empty: string;
}) {
  const kind = KINDS.vendor_bill;
  const start = new URLSearchParams({ vendor: props.vendor });
  if (props.filter === 'purchaseOrder') start.set('purchaseOrder', props.id);
  return (
    <RecordsOf<VendorBillRow>
      kind={kind}
      filter={props.filter}
      id={props.id}
      sort="-billed"
      empty={props.empty}
      create={{ href: `${kind.webPath}/new?${start}`, label: 'New bill' }}
      summary={(page) => {
        const owed = page.items.filter((b) => b.status === 'open' || b.status === 'partially_paid');
        const sum =
          owed.length && page.total === page.items.length
            ? ` · ${formatMoney(owed.reduce((s, b) => s + b.balanceCents, 0))} still owed`
            : '';
        return `${page.total} bill${page.total === 1 ? '' : 's'}${sum}`;
      }}
      columns={[
        {
          head: 'Status',
          cell: (b) => (
            <Group gap={4} wrap="nowrap">
              {VENDOR_BILL_STATUS_LABELS[b.status]}
              {b.needsApproval && (
                <Badge color="orange" variant="light" size="sm">
                  Needs approval
                </Badge>
              )}
              {b.overdue && (
                <Badge color="red" variant="light" size="sm">
                  Overdue
                </Badge>
              )}
            </Group>
          ),
        },
        { head: 'Bill date', cell: (b) => formatDate(b.billDate) },
        { head: 'Due', cell: (b) => formatDate(b.dueDate) },
        { head: 'Total', cell: (b) => formatMoney(b.totalCents) },
        { head: 'Balance', cell: (b) => formatMoney(b.balanceCents) },
      ]}
    />
  );
}
