import {
  RECURRING_STATUS_LABELS,
  type RecurringInvoice,
  type RecurringInvoiceInput,
  type RecurringInvoiceRow,
} from '@atelier/contracts';
import { Badge, Text } from '@mantine/core';
import { lazyNamed } from '../../../components/lazy';
import { recordPages } from '../../../components/record/record-pages';
import { formatDate, formatMoney } from '../../../lib/format';
import { useSettings } from '../../settings/api';
import { recurringInvoices } from '../api';
import { MadeInvoices } from '../components/made-invoices';
import { PlanActions } from '../components/plan-actions';
import { PlanLines } from '../components/plan-lines';
import { RECURRING_STATUS_COLORS, RecurringInvoiceSummary } from '../components/recurring-invoice-summary';
import { planSchedule } from '../schedule';

const RecurringInvoiceForm = lazyNamed(() => import('../components/recurring-invoice-form'), 'RecurringInvoiceForm');

const useCurrency = () => useSettings().data?.firmSettings.currency;

function useRecurringInvoiceList() {
  return {
    currency: useCurrency(),
    // The plan whose invoice comes next first.
    defaultSort: 'next',
    render: {
      status: (row: RecurringInvoiceRow) => (
        <Badge color={RECURRING_STATUS_COLORS[row.status]} variant="light">
          {RECURRING_STATUS_LABELS[row.status]}
        </Badge>
      ),
      // A paused plan's day is when it was due: no invoice is made on it until it resumes.
      nextRunOn: (row: RecurringInvoiceRow) =>
        !row.nextRunOn ? (
          '—'
        ) : row.status === 'paused' ? (
          <Text size="sm" c="dimmed">
            {formatDate(row.nextRunOn)} (paused)
          </Text>
        ) : (
          formatDate(row.nextRunOn)
        ),
    },
  };
}

/** Above the form: the plan at a glance, what each invoice bills, and the invoices it made. */
function Above({ plan }: { plan: RecurringInvoice }) {
  const currency = useCurrency();
  return (
    <>
      <RecurringInvoiceSummary plan={plan} currency={currency} />
      <PlanLines lines={plan.lines} items={plan.items} currency={currency} />
      <MadeInvoices plan={plan} currency={currency} />
    </>
  );
}

/** Recurring invoices: maintenance plans and rentals, billed on a schedule by the hourly job. */
const pages = recordPages<RecurringInvoice, RecurringInvoiceInput, RecurringInvoiceRow>({
  resource: recurringInvoices,
  form: (props) => <RecurringInvoiceForm {...props} />,
  description: 'Maintenance plans and rentals: an invoice made on their day, as a draft to check or sent.',
  newDescription:
    'What each invoice bills and when: on its day, each run makes the invoice as a draft to check, or sends it.',
  useList: useRecurringInvoiceList,
  created: (p) =>
    p.nextRunOn
      ? `${p.name} created: its first invoice is made on ${formatDate(p.nextRunOn)}.`
      : `${p.name} created, and ended at once: its first day would be after its end.`,
  subtitle: (p) =>
    `${p.customer.name} · ${RECURRING_STATUS_LABELS[p.status]} · ${planSchedule(p)} · ${formatMoney(p.totalCents)} each`,
  actions: (p) => <PlanActions plan={p} />,
  details: { above: (p) => <Above plan={p} /> },
  deleteText: 'Deleting removes the plan for good: no invoice is made from it again. The invoices it made stay.',
});

export default pages;
