import type { Vendor } from '@atelier/contracts';
import { Stack } from '@mantine/core';
import { useRecord } from '../../../components/record/record-outlet';
import { BillsOf } from '../components/bills-of';
import { VendorBalanceCard } from '../components/vendor-balance-card';

/** /p/vendors/{id}/bills: what the firm owes the vendor, and their bills, the latest first. */
export default function VendorBillsTab() {
  const { record } = useRecord<Vendor>();
  return (
    <Stack>
      <VendorBalanceCard vendor={record._id} />
      <BillsOf
        filter="vendor"
        id={record._id}
        vendor={record._id}
        empty={`No bill from ${record.name} has been entered yet.`}
      />
    </Stack>
  );
}
