import { P } from '@atelier/contracts';
import { useCan } from '../../../lib/permissions';
import { SettingsGroupForm } from '../../settings/components/settings-group-form';
import { SettingsGroupPage } from '../../settings/components/settings-group-page';

/** /s/credit-memo (69): how credit memos are numbered. */
export default function CreditMemoSettingsPage() {
  const { can } = useCan();
  return (
    <SettingsGroupPage
      title="Credit memo settings"
      description="How credit memos are numbered."
      allowed={can(P.CREDIT_MEMO_SETTINGS)}
      form={(settings) => (
        <SettingsGroupForm
          group="creditMemoSettings"
          current={settings.creditMemoSettings}
          saved="Credit memo settings saved."
          intro="A new credit memo is numbered with the prefix and the firm's next number (CM-12); those made already keep theirs."
          fields={[{ name: 'prefix', label: 'Number prefix' }]}
        />
      )}
    />
  );
}
