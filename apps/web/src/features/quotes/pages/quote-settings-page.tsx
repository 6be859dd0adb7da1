import { P } from '@atelier/contracts';
import { useCan } from '../../../lib/permissions';
import { SettingsGroupForm } from '../../settings/components/settings-group-form';
import { SettingsGroupPage } from '../../settings/components/settings-group-page';

/** /s/quote (23): how quotes are numbered, how long they hold, and their terms. */
export default function QuoteSettingsPage() {
  const { can } = useCan();
  return (
    <SettingsGroupPage
      title="Quote settings"
      description="Numbering, how long a quote holds, and the terms printed on every quote."
      allowed={can(P.QUOTE_SETTINGS)}
      form={(settings) => (
        <SettingsGroupForm
          group="quoteSettings"
          current={settings.quoteSettings}
          saved="Quote settings saved."
          intro="A new quote is numbered with the prefix and the firm's next number (Q-1001), and holds for the days below unless it says."
          fields={[
            { name: 'prefix', label: 'Number prefix' },
            { name: 'validDays', label: 'Valid for', type: 'number', suffix: ' days' },
          ]}
          texts={[{ name: 'terms', label: 'Terms', description: 'Printed under every quote.' }]}
        />
      )}
    />
  );
}
