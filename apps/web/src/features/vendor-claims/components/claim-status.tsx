import { VENDOR_CLAIM_STATUS_LABELS, type VendorClaim } from '@atelier/contracts';
import { Badge } from '@mantine/core';

export const CLAIM_STATUS_COLORS: Record<VendorClaim['status'], string> = {
  open: 'blue',
  credited: 'green',
  replaced: 'teal',
  rejected: 'gray',
};

export function ClaimStatusBadge({ status }: { status: VendorClaim['status'] }) {
  return (
    <Badge color={CLAIM_STATUS_COLORS[status]} variant="light">
      {VENDOR_CLAIM_STATUS_LABELS[status]}
    </Badge>
  );
}
