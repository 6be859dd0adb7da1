import { KINDS, type Vendor } from '@atelier/contracts';
import { Button, Card, Group, Loader, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useRecord } from '../../../components/record/record-outlet';
import { useCan } from '../../../lib/permissions';
import { useClaimsOf } from '../../vendor-claims/api';
import { ClaimsTable } from '../../vendor-claims/components/claims-table';

/** /p/vendors/{id}/claims: what the firm claimed back from the vendor, newest first. */
export default function VendorClaimsTab() {
  const { record } = useRecord<Vendor>();
  const { can } = useCan();
  const kind = KINDS.vendor_claim;
  const allowed = can(kind.codes.modify);
  const claims = useClaimsOf('vendor', record._id, allowed);
  if (!allowed)
    return (
      <Text size="sm" c="dimmed">
        Vendor claims need the purchase orders permission.
      </Text>
    );
  const rows = claims.data?.items ?? [];
  // How many are still open, when every claim is shown.
  const open = rows.filter((c) => c.status === 'open').length;
  const openText = claims.data && rows.length === claims.data.total && open > 0 ? ` · ${open} open` : '';
  return (
    <Stack>
      <Group justify="space-between">
        <Text size="sm">
          {claims.data ? `${claims.data.total} claim${claims.data.total === 1 ? '' : 's'}${openText}` : ''}
        </Text>
        <Button component={Link} to={`${kind.webPath}/new`}>
          New vendor claim
        </Button>
      </Group>
      <Card withBorder padding="sm">
        {!claims.data ? (
          <Loader aria-label="Loading the claims" />
        ) : rows.length === 0 ? (
          <Text size="sm" c="dimmed">
            Nothing has been claimed from {record.name}. A damaged or wrong item is claimed from its purchase order or
            from a customer’s return.
          </Text>
        ) : (
          <ClaimsTable rows={rows} withOrder />
        )}
      </Card>
    </Stack>
  );
}
