import type { CustomerJob } from '@atelier/contracts';
import { PurchaseOrdersOf } from '../../../components/purchase-orders-of';
import { useRecord } from '../../../components/record/record-outlet';

/** /u/customer-jobs/{id}/purchase-orders: what was bought for the job, newest first. */
export default function JobPurchaseOrdersTab() {
  const { record } = useRecord<CustomerJob>();
  return <PurchaseOrdersOf filter="job" id={record._id} empty={`Nothing has been ordered for ${record.name} yet.`} />;
}
