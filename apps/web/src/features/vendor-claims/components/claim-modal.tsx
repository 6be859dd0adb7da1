import { KINDS, recordHref, type VendorClaim } from '@atelier/contracts';
import { Modal, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { formatQuantity } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { vendorClaims } from '../api';
import { ClaimEditor, type ClaimStart, emptyClaim } from './claim-editor';

/**
 * "Claim from vendor", opened from where the damage is seen: a return's line (its item and
 * quantity; the purchase order it was bought on is searched by its SKU) or a purchase order's
 * received line (that order and line). Opened by rendering it.
 */
export function ClaimModal(props: {
  start: Partial<ClaimStart>;
  fixedOrder?: boolean;
  sku?: string;
  /** What is claimed, for the dialog's words ("2 × Oak chair"). */
  item: { name: string; quantity?: number };
  context?: ReactNode;
  /** The record the claim was opened from, whose page shows its claims (a return, a purchase order). */
  refresh?: string;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  return (
    <Modal opened onClose={props.onClose} title={`Claim ${props.item.name} from the vendor`} size="lg">
      {props.context ?? (
        <Text size="sm" mb="md">
          {props.item.quantity !== undefined ? `${formatQuantity(props.item.quantity)} × ` : ''}
          {props.item.name}: the vendor credits it or sends a replacement.
        </Text>
      )}
      <ClaimEditor
        start={emptyClaim(props.start)}
        fixedOrder={props.fixedOrder}
        sku={props.sku}
        submitLabel="Open claim"
        onCancel={props.onClose}
        onSubmit={async (input) => {
          const claim: VendorClaim = await vendorClaims.create(input);
          await Promise.all([
            queryClient.invalidateQueries({ queryKey: ['list', KINDS.vendor_claim.apiPath] }),
            ...(props.refresh ? [queryClient.invalidateQueries({ queryKey: ['record', props.refresh] })] : []),
          ]);
          toast({
            type: 'success',
            message: `${claim.name} opened with ${claim.vendor.name}: ${formatQuantity(claim.quantity)} × ${claim.item || props.item.name}.`,
            link: { href: recordHref(KINDS.vendor_claim, claim._id), label: `Open ${claim.name}` },
          });
          props.onClose();
        }}
      />
    </Modal>
  );
}
