import { P } from '@atelier/contracts';
import { useCan } from '../../../lib/permissions';
import { SettingsGroupForm } from '../components/settings-group-form';
import { SettingsGroupPage } from '../components/settings-group-page';

/** /s/documents (81): how every PDF the firm sends looks: colour, address block, footer, paper. */
export default function DocumentSettingsPage() {
  const { can } = useCan();
  return (
    <SettingsGroupPage
      title="Documents"
      description="How your purchase orders and other documents look when printed or emailed as PDF."
      allowed={can(P.MODIFY_FIRM_SETTINGS)}
      form={(settings) => (
        <SettingsGroupForm
          group="documentSettings"
          current={settings.documentSettings}
          saved="Document settings saved."
          intro="Your logo is the firm's (Firm settings). Each document's terms are on its own settings page."
          fields={[
            { name: 'accentColor', label: 'Accent colour', placeholder: '#1c7ed6' },
            { name: 'paper', label: 'Paper size', type: 'select', choices: { letter: 'Letter', a4: 'A4' } },
          ]}
          texts={[
            {
              name: 'addressBlock',
              label: 'Address block',
              description: 'Printed under your name: street, town, phone, email, tax number.',
            },
            { name: 'footer', label: 'Footer', description: 'The last line of every page.' },
          ]}
        />
      )}
    />
  );
}
