import { P, type Vendor } from '@atelier/contracts';
import { Text } from '@mantine/core';
import { useRecord } from '../../../components/record/record-outlet';
import { useCan } from '../../../lib/permissions';
import { ExportLog } from '../components/export-log';

/** /p/vendors/{id}/sync: the exports to the accounting software that sent this vendor's documents. */
export default function VendorSyncTab() {
  const { record } = useRecord<Vendor>();
  const { can } = useCan();
  if (!can(P.ACCESS_ACCOUNTING_SOFTWARE))
    return (
      <Text size="sm" c="dimmed">
        The exports to the accounting software need the access-accounting-software permission (159).
      </Text>
    );
  return <ExportLog vendor={record._id} empty={`No export has sent a document of ${record.name} yet.`} />;
}
