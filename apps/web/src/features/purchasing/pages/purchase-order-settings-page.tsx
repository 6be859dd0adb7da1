import { P } from '@atelier/contracts';
import { useCan } from '../../../lib/permissions';
import { SettingsGroupForm } from '../../settings/components/settings-group-form';
import { SettingsGroupPage } from '../../settings/components/settings-group-page';

/** /s/purchase-order (59): how purchase orders are numbered, their terms, and receiving more than ordered. */
export default function PurchaseOrderSettingsPage() {
  const { can } = useCan();
  return (
    <SettingsGroupPage
      title="Purchase order settings"
      description="Numbering, the terms printed on every purchase order, and how receiving works."
      allowed={can(P.PURCHASE_ORDER_SETTINGS)}
      form={(settings) => (
        <SettingsGroupForm
          group="purchaseOrderSettings"
          current={settings.purchaseOrderSettings}
          saved="Purchase order settings saved."
          intro="A new purchase order is numbered with the prefix and the firm's next number (PO-1001)."
          fields={[{ name: 'prefix', label: 'Number prefix' }]}
          texts={[{ name: 'terms', label: 'Terms', description: 'Printed under every purchase order.' }]}
          switches={[{ name: 'confirmOverReceipt', label: 'Ask before receiving more than was ordered' }]}
        />
      )}
    />
  );
}
