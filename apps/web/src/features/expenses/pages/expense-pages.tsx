import { EXPENSE_BILLING_LABELS, type Expense, type ExpenseInput, type ExpenseRow } from '@atelier/contracts';
import { Badge } from '@mantine/core';
import { lazyNamed } from '../../../components/lazy';
import { recordPages } from '../../../components/record/record-pages';
import { formatMoney } from '../../../lib/format';
import { useSettings } from '../../settings/api';
import { expenses } from '../api';
import { BILLING_COLORS, ExpenseSummary } from '../components/expense-summary';
import { ReceiptCard } from '../components/receipt-card';

const ExpenseForm = lazyNamed(() => import('../components/expense-form'), 'ExpenseForm');

const useCurrency = () => useSettings().data?.firmSettings.currency;

function useExpenseList() {
  return {
    currency: useCurrency(),
    defaultSort: '-date',
    render: {
      billing: (row: ExpenseRow) =>
        row.billing === 'not_billable' ? null : (
          <Badge color={BILLING_COLORS[row.billing]} variant="light">
            {EXPENSE_BILLING_LABELS[row.billing]}
          </Badge>
        ),
    },
  };
}

function Above({ expense }: { expense: Expense }) {
  const currency = useCurrency();
  return (
    <>
      <ExpenseSummary expense={expense} currency={currency} />
      <ReceiptCard expense={expense} />
    </>
  );
}

/** Expenses: money the firm spent, with its receipt, its job's cost and what is billed on to customers. */
const pages = recordPages<Expense, ExpenseInput, ExpenseRow>({
  resource: expenses,
  form: (props) => <ExpenseForm {...props} />,
  description: 'Money the firm spent: receipts, job costs, and what is billed on to customers.',
  newDescription: 'Money spent: a purchase, a subcontractor, fuel. Upload its receipt once it is saved.',
  useList: useExpenseList,
  created: (e) => `${e.name} saved. Upload its receipt below.`,
  subtitle: (e) =>
    [
      e.category,
      e.paidTo,
      formatMoney(e.totalCents),
      ...(e.billing === 'not_billable' ? [] : [EXPENSE_BILLING_LABELS[e.billing]]),
    ].join(' · '),
  details: { above: (e) => <Above expense={e} /> },
  deleteText:
    'Deleting removes the expense for good, with its receipt. One billed on an invoice, or paying commissions, stays.',
  deletable: (e) => e.billing !== 'billed' && !e.commissionPayout,
});

export default pages;
