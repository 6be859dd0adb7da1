import { KINDS, recordHref } from '@atelier/contracts';
import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { AgingSummaryCard } from '../../../components/money/aging-summary-card';
import { usePayablesAging } from '../api';

export { AGING_FIGURES, AgingFigure } from '../../../components/money/aging-summary-card';

/**
 * Payables aging: what the firm owes its vendors, by days past due, with their credit (vendor
 * credits and advances not yet on a bill) and the balance; the totals, and each vendor's row on
 * demand. Exported as CSV with code 41.
 */
export function PayablesAgingCard({ currency }: { currency?: string }) {
  return (
    <AgingSummaryCard
      aging={usePayablesAging()}
      title="Payables aging"
      loading="Loading what the firm owes…"
      empty="The firm owes nothing: no bill is open."
      party={{ column: 'Vendor', show: 'By vendor', hide: 'Hide vendors' }}
      rowKey={(r) => r.vendor._id}
      who={(r) => (
        <Anchor key="v" component={Link} to={`${recordHref(KINDS.vendor, r.vendor._id)}/bills`} size="sm">
          {r.vendor.name}
        </Anchor>
      )}
      exportHref="/api/v1/payables/aging/export"
      currency={currency}
    />
  );
}
