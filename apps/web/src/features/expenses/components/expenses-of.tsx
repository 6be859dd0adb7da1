import { EXPENSE_BILLING_LABELS, type ExpenseRow, KINDS } from '@atelier/contracts';
import { RecordsOf } from '../../../components/records-of';
import { formatDate, formatMoney } from '../../../lib/format';

type Props = {
  /** The list's filter that picks them: a job's expenses, a vendor's. */
  filter: 'job' | 'vendor';
  id: string;
  empty: string;
  currency?: string;
};

/** A job's or a vendor's expenses, newest first, with a way to record one more for it. */
export function ExpensesOf({ filter, id, empty, currency }: Props) {
  return (
    <RecordsOf<ExpenseRow>
      kind={KINDS.expense}
      filter={filter}
      id={id}
      sort="-date"
      empty={empty}
      create={{ href: `${KINDS.expense.webPath}/new?${filter}=${id}`, label: 'Record an expense' }}
      summary={(page) => {
        // A sum of the expenses shown is only the whole when every one is shown.
        const sum =
          page.items.length && page.total === page.items.length
            ? ` · ${formatMoney(
                page.items.reduce((s, e) => s + e.totalCents, 0),
                currency,
              )}`
            : '';
        return `${page.total} expense${page.total === 1 ? '' : 's'}${sum}`;
      }}
      columns={[
        { head: 'Date', cell: (e) => formatDate(e.date) },
        {
          head: filter === 'job' ? 'Paid to' : 'Job',
          cell: (e) => (filter === 'job' ? e.paidTo : (e.customerJob?.name ?? '—')),
        },
        { head: 'Total', cell: (e) => formatMoney(e.totalCents, currency) },
        { head: 'Billing', cell: (e) => EXPENSE_BILLING_LABELS[e.billing] },
      ]}
    />
  );
}
