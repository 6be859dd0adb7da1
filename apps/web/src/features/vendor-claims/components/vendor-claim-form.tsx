import { VENDOR_CLAIM_STATUS_LABELS, type VendorClaim, type VendorClaimInput } from '@atelier/contracts';
import { Alert } from '@mantine/core';
import { useSearchParams } from 'react-router';
import type { RecordFormProps } from '../../../components/record/record-pages';
import { ClaimEditor, emptyClaim } from './claim-editor';

/** A claim's values as the editor starts them. */
const claimStart = (c: VendorClaim) =>
  emptyClaim({
    purchaseOrder: c.purchaseOrder,
    purchaseOrderLine: c.purchaseOrderLine,
    quantity: c.quantity,
    reason: c.reason,
    returnLine: c.returnLine,
    photos: c.photos,
    notes: c.notes,
  });

/**
 * A vendor claim while it is open (the new page, and its details tab); once the vendor answered
 * it no longer changes. The new page may be opened for a purchase order (`?purchase-order=`).
 */
export function VendorClaimForm({ record, onSubmit, submitLabel }: RecordFormProps<VendorClaim, VendorClaimInput>) {
  const [params] = useSearchParams();
  if (record && record.status !== 'open')
    return (
      <Alert color="gray" title={`${record.name} is ${VENDOR_CLAIM_STATUS_LABELS[record.status].toLowerCase()}`}>
        The vendor answered it: it no longer changes.
      </Alert>
    );
  const from = params.get('purchase-order');
  return (
    <ClaimEditor
      // The claim as saved, anew after each save.
      key={record ? `${record._id}:${record.version}` : 'new'}
      start={record ? claimStart(record) : emptyClaim(from ? { purchaseOrder: { _id: from, name: '' } } : {})}
      submitLabel={submitLabel}
      onSubmit={onSubmit}
    />
  );
}
