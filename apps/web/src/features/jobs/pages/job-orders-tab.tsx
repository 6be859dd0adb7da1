import type { CustomerJob } from '@atelier/contracts';
import { OrdersOf } from '../../../components/orders-of';
import { useRecord } from '../../../components/record/record-outlet';

/** /u/customer-jobs/{id}/orders: what the customer ordered for the job, newest first. */
export default function JobOrdersTab() {
  const { record } = useRecord<CustomerJob>();
  return <OrdersOf filter="job" id={record._id} empty={`Nothing has been sold for ${record.name} yet.`} />;
}
