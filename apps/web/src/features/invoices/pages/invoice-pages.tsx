import { INVOICE_STATUS_LABELS, type Invoice, type InvoiceInput, type InvoiceRow, KINDS } from '@atelier/contracts';
import { Badge, Button } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { Link } from 'react-router';
import { lazyNamed } from '../../../components/lazy';
import { recordPages } from '../../../components/record/record-pages';
import { formatMoney } from '../../../lib/format';
import { useSettings } from '../../settings/api';
import { invoices } from '../api';
import { AgingCard } from '../components/aging-card';
import { InvoiceActions } from '../components/invoice-actions';
import { InvoiceApplications } from '../components/invoice-applications';
import { INVOICE_STATUS_COLORS, InvoiceBadges, InvoiceSummary } from '../components/invoice-summary';

const InvoiceForm = lazyNamed(() => import('../components/invoice-form'), 'InvoiceForm');

const useCurrency = () => useSettings().data?.firmSettings.currency;

/**
 * A row's state. A phone's card shows only the first columns, so there "Overdue" goes beside the
 * state; from 768 px it has its own column.
 */
function StatusCell({ row }: { row: InvoiceRow }) {
  const phone = useMediaQuery('(max-width: 767px)', undefined, { getInitialValueInEffect: false });
  if (phone) return <InvoiceBadges status={row.status} overdue={row.overdue} />;
  return (
    <Badge color={INVOICE_STATUS_COLORS[row.status]} variant="light">
      {INVOICE_STATUS_LABELS[row.status]}
    </Badge>
  );
}

function useInvoiceList() {
  const currency = useCurrency();
  return {
    currency,
    // The newest first, by number.
    defaultSort: '-number',
    intro: <AgingCard currency={currency} />,
    // Maintenance plans and rentals make invoices of their own: kept on their page.
    actions: (
      <Button component={Link} to={KINDS.recurring_invoice.webPath} variant="default">
        Recurring invoices
      </Button>
    ),
    render: {
      status: (row: InvoiceRow) => <StatusCell row={row} />,
      overdue: (row: InvoiceRow) =>
        row.overdue ? (
          <Badge color="red" variant="filled">
            Overdue
          </Badge>
        ) : null,
    },
  };
}

function Actions({ invoice }: { invoice: Invoice }) {
  return <InvoiceActions invoice={invoice} currency={useCurrency()} />;
}

function Above({ invoice }: { invoice: Invoice }) {
  const currency = useCurrency();
  return (
    <>
      <InvoiceSummary invoice={invoice} currency={currency} />
      <InvoiceApplications invoice={invoice} currency={currency} />
    </>
  );
}

/** Invoices: what customers are billed, of an order or on their own, and what they have paid of it. */
const pages = recordPages<Invoice, InvoiceInput, InvoiceRow>({
  resource: invoices,
  form: (props) => <InvoiceForm {...props} />,
  description: 'What customers are billed and what they still owe. Invoices of an order are made from its page.',
  newDescription: 'A stand-alone invoice, of its own lines. To bill an order, open the order and use its Billing card.',
  useList: useInvoiceList,
  created: (i) => `${i.number} created as a draft: send it, or mark it sent, for it to be owed.`,
  subtitle: (i) =>
    `${i.customer.name} · ${INVOICE_STATUS_LABELS[i.status]}${i.overdue ? ' · overdue' : ''} · ${formatMoney(i.totalCents)} · ${formatMoney(i.balanceCents)} due`,
  actions: (i) => <Actions invoice={i} />,
  details: { above: (i) => <Above invoice={i} /> },
  deleteText: 'Deleting removes the draft for good. An issued invoice is never deleted: it is voided instead.',
  deletable: (i) => i.status === 'draft',
});

export default pages;
