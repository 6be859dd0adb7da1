import { billApplySchema } from '@atelier/contracts';
import { ApplyToItemsModal } from '../../../components/money/apply-to-items-modal';
import { usePayableBills } from '../api';
import { BILL_ITEMS, type BillApplications } from './bills-editor';

/**
 * "Apply to bills": more of a payment's or a vendor credit's money put on the vendor's open
 * bills (POST {source}/apply). Opened by rendering it; closes once applied.
 */
export function ApplyToBillsModal({
  vendor,
  ...props
}: {
  name: string;
  vendor: string;
  availableCents: number;
  leftLabel: string;
  currency?: string;
  /** Applies them; answers the confirmation, read from what the server applied. */
  apply: (applications: BillApplications) => Promise<string>;
  onClose: () => void;
}) {
  const { bills, loading, error } = usePayableBills(vendor);
  return (
    <ApplyToItemsModal
      kind={BILL_ITEMS}
      schema={billApplySchema}
      items={bills}
      loading={loading}
      failed={error?.message}
      source="there is"
      {...props}
    />
  );
}
