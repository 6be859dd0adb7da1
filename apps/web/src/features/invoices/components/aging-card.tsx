import { KINDS, recordHref } from '@atelier/contracts';
import { Anchor, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { AgingSummaryCard } from '../../../components/money/aging-summary-card';
import { useAging } from '../api';

/**
 * What customers owe, by days past due, with their credit (money not yet on an invoice) and their
 * balance: the firm's totals, and each customer's row on demand. Exported as CSV with code 41.
 */
export function AgingCard({ currency }: { currency?: string }) {
  return (
    <AgingSummaryCard
      aging={useAging()}
      title="Receivables aging"
      loading="Loading what customers owe…"
      empty="Nobody owes anything: no invoice is open."
      party={{ column: 'Customer', show: 'By customer', hide: 'Hide customers' }}
      rowKey={(r) => r.customer._id}
      who={(r) => (
        <Stack key="c" gap={0}>
          <Anchor component={Link} to={recordHref(KINDS.customer, r.customer._id)} size="sm">
            {r.customer.name}
          </Anchor>
          {r.company && (
            <Text size="xs" c="dimmed">
              {r.company.name}
            </Text>
          )}
        </Stack>
      )}
      exportHref="/api/v1/receivables/aging/export"
      currency={currency}
    />
  );
}
