import type { PurchaseOrder } from '@atelier/contracts';
import { useRecord } from '../../../components/record/record-outlet';
import { BillsOf } from '../components/bills-of';

/** /p/purchase-orders/{id}/bills: the vendor's bills that bill this order's lines. */
export default function PurchaseOrderBillsTab() {
  const { record } = useRecord<PurchaseOrder>();
  return (
    <BillsOf
      filter="purchaseOrder"
      id={record._id}
      vendor={record.vendor._id}
      empty={`No bill for ${record.number} has been entered yet.`}
    />
  );
}
