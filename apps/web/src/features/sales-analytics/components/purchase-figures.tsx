import { Stack } from '@mantine/core';
import { useCustomerAnalytics, useMaySeeSales } from '../api';
import { NotYet, SalesByMonth, SalesFigureCards } from './sales-by-month';

/**
 * A customer's purchase figures: lifetime spend, orders, average, last order and sales by month.
 * Only for holders of users analytics (10), as the server answers; nothing at all for others.
 */
export function PurchaseFigures({ customerId }: { customerId: string }) {
  const allowed = useMaySeeSales().customer;
  const analytics = useCustomerAnalytics(customerId);
  if (!allowed) return null;
  if (!analytics.data) return <NotYet error={analytics.error} label="purchase figures" />;
  return (
    <Stack>
      <SalesFigureCards figures={analytics.data.figures} show={['lifetime', 'orders', 'average', 'last']} />
      <SalesByMonth months={analytics.data.sales} title="Purchases by month" />
    </Stack>
  );
}
