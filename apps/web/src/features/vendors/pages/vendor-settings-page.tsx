import { P } from '@atelier/contracts';
import { useCan } from '../../../lib/permissions';
import { SettingsGroupForm } from '../../settings/components/settings-group-form';
import { SettingsGroupPage } from '../../settings/components/settings-group-page';

/** /s/vendor (31): new vendors' payment terms and lead time, and the email purchase orders are sent with. */
export default function VendorSettingsPage() {
  const { can } = useCan();
  return (
    <SettingsGroupPage
      title="Vendor settings"
      description="Terms and lead times new vendors start with, and the email your purchase orders go out with."
      allowed={can(P.VENDOR_SETTINGS)}
      form={(settings) => (
        <SettingsGroupForm
          group="vendorSettings"
          current={settings.vendorSettings}
          saved="Vendor settings saved."
          intro="Each vendor can have its own terms and lead time on its details."
          fields={[
            { name: 'paymentTermsDays', label: 'Payment terms', type: 'number', suffix: ' days', max: 365 },
            { name: 'leadTimeDays', label: 'Lead time', type: 'number', suffix: ' days', max: 365 },
          ]}
          texts={[
            {
              name: 'purchaseOrderEmail',
              label: 'Purchase order email',
              description: 'The message a purchase order is sent with; its PDF is attached.',
            },
          ]}
        />
      )}
    />
  );
}
