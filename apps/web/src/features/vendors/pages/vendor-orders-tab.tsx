import type { Vendor } from '@atelier/contracts';
import { PurchaseOrdersOf } from '../../../components/purchase-orders-of';
import { useRecord } from '../../../components/record/record-outlet';

/** /p/vendors/{id}/purchase-orders: the vendor's orders, newest first. */
export default function VendorOrdersTab() {
  const { record } = useRecord<Vendor>();
  return (
    <PurchaseOrdersOf filter="vendor" id={record._id} empty={`Nothing has been ordered from ${record.name} yet.`} />
  );
}
