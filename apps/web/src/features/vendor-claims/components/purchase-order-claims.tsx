import { KINDS, type PurchaseOrder, type PurchaseOrderLine } from '@atelier/contracts';
import { Button, Card, Loader, Stack, Text, Title } from '@mantine/core';
import { Suspense } from 'react';
import { lazyNamed } from '../../../components/lazy';
import { formatQuantity } from '../../../lib/format';
import { useCan } from '../../../lib/permissions';
import { useClaimsOf } from '../api';
import { ClaimsTable } from './claims-table';

const ClaimModal = lazyNamed(() => import('./claim-modal'), 'ClaimModal');

/** "Claim from vendor" on a received line of a purchase order, for buyers (57). */
export function ClaimLineButton({ line, onClick }: { line: PurchaseOrderLine; onClick: () => void }) {
  const { can } = useCan();
  if (!can(KINDS.vendor_claim.codes.modify) || line.received <= 0) return null;
  return (
    <Button size="compact-xs" variant="default" onClick={onClick} style={{ whiteSpace: 'nowrap' }}>
      Claim from vendor
    </Button>
  );
}

/** The claim dialog for a received line of this purchase order. Opened by rendering it. */
export function PurchaseOrderClaimModal({
  order,
  line,
  onClose,
}: {
  order: PurchaseOrder;
  line: PurchaseOrderLine;
  onClose: () => void;
}) {
  return (
    <Suspense fallback={null}>
      <ClaimModal
        start={{ purchaseOrder: { _id: order._id, name: order.name }, purchaseOrderLine: line.id, quantity: 1 }}
        fixedOrder
        item={{ name: line.name }}
        context={
          <Text size="sm" mb="md">
            {formatQuantity(line.received)} of {line.name} received on {order.name} from {order.vendor.name}. Claim what
            arrived damaged or wrong: the vendor credits it or sends a replacement.
          </Text>
        }
        onClose={onClose}
      />
    </Suspense>
  );
}

/** The purchase order's claims to its vendor, when it received something or has any. */
export function PurchaseOrderClaimsCard({ order }: { order: PurchaseOrder }) {
  const { can } = useCan();
  const allowed = can(KINDS.vendor_claim.codes.modify);
  const claims = useClaimsOf('purchase-order', order._id, allowed);
  const rows = claims.data?.items ?? [];
  if (!allowed || (order.linesReceived === 0 && rows.length === 0)) return null;
  return (
    <Card withBorder padding="lg">
      <Stack gap="xs">
        <Title order={2} size="h4">
          Vendor claims
        </Title>
        {!claims.data ? (
          <Loader size="sm" aria-label="Loading the claims" />
        ) : rows.length === 0 ? (
          <Text size="sm" c="dimmed">
            No claims. An item that arrived damaged or wrong is claimed with “Claim from vendor” on its line above.
          </Text>
        ) : (
          <ClaimsTable rows={rows} />
        )}
      </Stack>
    </Card>
  );
}
