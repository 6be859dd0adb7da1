import {
  KINDS,
  VENDOR_BILL_STATUS_LABELS,
  type VendorBill,
  type VendorBillInput,
  type VendorBillRow,
} from '@atelier/contracts';
import { Badge, Button, Group } from '@mantine/core';
import { Link } from 'react-router';
import { lazyNamed } from '../../../components/lazy';
import { recordPages } from '../../../components/record/record-pages';
import { formatMoney } from '../../../lib/format';
import { useCan } from '../../../lib/permissions';
import { useSettings } from '../../settings/api';
import { vendorBills } from '../api';
import { BillActions } from '../components/bill-actions';
import { BillApplicationsTable } from '../components/bill-applications-table';
import { BILL_STATUS_COLORS, BillSummary } from '../components/bill-summary';
import { PayablesAgingCard } from '../components/payables-aging-card';

const BillForm = lazyNamed(() => import('../components/bill-form'), 'BillForm');

const useCurrency = () => useSettings().data?.firmSettings.currency;

function useBillList() {
  const currency = useCurrency();
  return {
    currency,
    // The latest bills first.
    defaultSort: '-billed',
    intro: <PayablesAgingCard currency={currency} />,
    // Credits vendors gave and payments made to them are kept on their own pages.
    actions: (
      <Group gap="xs">
        <Button component={Link} to={KINDS.bill_payment.webPath} variant="default">
          Bill payments
        </Button>
        <Button component={Link} to={KINDS.vendor_credit.webPath} variant="default">
          Vendor credits
        </Button>
      </Group>
    ),
    render: {
      status: (row: VendorBillRow) => (
        <Badge color={BILL_STATUS_COLORS[row.status]} variant="light">
          {VENDOR_BILL_STATUS_LABELS[row.status]}
        </Badge>
      ),
      overdue: (row: VendorBillRow) =>
        row.overdue ? (
          <Badge color="red" variant="filled">
            Overdue
          </Badge>
        ) : null,
      needsApproval: (row: VendorBillRow) =>
        row.needsApproval ? (
          <Badge color="orange" variant="filled">
            Needs approval
          </Badge>
        ) : null,
    },
  };
}

function Above({ bill }: { bill: VendorBill }) {
  const currency = useCurrency();
  const { can } = useCan();
  return (
    <>
      <BillSummary bill={bill} currency={currency} />
      {bill.status !== 'draft' && (
        <BillApplicationsTable
          applications={bill.applications}
          side="bill"
          name={bill.name}
          currency={currency}
          mayUnapply={can(KINDS.vendor_bill.codes.modify)}
        />
      )}
    </>
  );
}

function Actions({ bill }: { bill: VendorBill }) {
  return <BillActions bill={bill} currency={useCurrency()} />;
}

/** Vendor bills: what vendors ask for, matched to what arrived on their purchase orders, and what is still owed. */
const pages = recordPages<VendorBill, VendorBillInput, VendorBillRow>({
  resource: vendorBills,
  form: (props) => <BillForm {...props} />,
  description:
    'What your vendors bill you, matched to what arrived on their purchase orders, and what you still owe them.',
  newDescription:
    'Enter a vendor’s bill: pick the received lines it bills. A bill for more than arrived, or at other costs, waits for approval.',
  useList: useBillList,
  created: (b) =>
    b.needsApproval
      ? `${b.name} saved as a draft: it differs from what was received or ordered, so it needs approval.`
      : `${b.name} saved as a draft: enter it for it to be owed.`,
  subtitle: (b) =>
    `${b.vendor.name} · ${VENDOR_BILL_STATUS_LABELS[b.status]}${b.needsApproval ? ' · needs approval' : ''}${b.overdue ? ' · overdue' : ''} · ${formatMoney(b.totalCents)} · ${formatMoney(b.balanceCents)} owed`,
  actions: (b) => <Actions bill={b} />,
  details: { above: (b) => <Above bill={b} /> },
  deleteText: 'Deleting removes the draft for good. An entered bill is never deleted: it is voided instead.',
  deletable: (b) => b.status === 'draft',
});

export default pages;
