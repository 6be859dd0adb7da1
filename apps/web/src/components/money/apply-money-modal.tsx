import { applySchema } from '@atelier/contracts';
import { INVOICE_ITEMS } from './applications-editor';
import type { Applications } from './applied-money';
import { ApplyToItemsModal } from './apply-to-items-modal';
import { useApplicableInvoices } from './open-invoices';

/**
 * "Apply to invoices": more of a payment's or a credit memo's money put on the customer's open
 * invoices (POST {source}/apply). Opened by rendering it; closes once applied.
 */
export function ApplyMoneyModal({
  customer,
  ...props
}: {
  /** The payment or credit memo, by name ("Payment 12", "CM-3"). */
  name: string;
  customer: string;
  /** What it has left to put on invoices. */
  availableCents: number;
  leftLabel: string;
  currency?: string;
  /** Applies them; answers the confirmation, read from what the server applied. */
  apply: (applications: Applications) => Promise<string>;
  onClose: () => void;
}) {
  const { invoices, loading, error } = useApplicableInvoices(customer);
  return (
    <ApplyToItemsModal
      kind={INVOICE_ITEMS}
      schema={applySchema}
      items={invoices}
      loading={loading}
      failed={error?.message}
      {...props}
    />
  );
}
