import type { Customer } from '@atelier/contracts';
import { Stack } from '@mantine/core';
import { OrdersOf } from '../../../components/orders-of';
import { useRecord } from '../../../components/record/record-outlet';
import { PurchaseFigures } from '../../sales-analytics/components/purchase-figures';

/** /u/customers/{id}/orders: what the customer has ordered, newest first, and (with 10) their purchase figures. */
export default function CustomerOrdersTab() {
  const { record } = useRecord<Customer>();
  return (
    <Stack>
      <PurchaseFigures customerId={record._id} />
      <OrdersOf filter="customer" id={record._id} empty={`${record.name} has no orders yet.`} />
    </Stack>
  );
}
