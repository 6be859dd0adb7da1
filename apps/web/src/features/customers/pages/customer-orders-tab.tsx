import type { Customer } from '@atelier/contracts';
import { OrdersOf } from '../../../components/orders-of';
import { useRecord } from '../../../components/record/record-outlet';

/** /u/customers/{id}/orders: what the customer has ordered, newest first. */
export default function CustomerOrdersTab() {
  const { record } = useRecord<Customer>();
  return <OrdersOf filter="customer" id={record._id} empty={`${record.name} has no orders yet.`} />;
}
