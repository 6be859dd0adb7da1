import type { Company } from '@atelier/contracts';
import { OrdersOf } from '../../../components/orders-of';
import { useRecord } from '../../../components/record/record-outlet';

/** /u/companies/{id}/orders: what the account's people have ordered, newest first. */
export default function CompanyOrdersTab() {
  const { record } = useRecord<Company>();
  return <OrdersOf filter="account" id={record._id} empty={`Nobody at ${record.name} has ordered yet.`} />;
}
