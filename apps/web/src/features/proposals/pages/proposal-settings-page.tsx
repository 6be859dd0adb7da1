import { P } from '@atelier/contracts';
import { useCan } from '../../../lib/permissions';
import { SettingsGroupForm } from '../../settings/components/settings-group-form';
import { SettingsGroupPage } from '../../settings/components/settings-group-page';

/** /s/proposal: how proposals are numbered, the deposit asked, how long they hold, their terms. */
export default function ProposalSettingsPage() {
  const { can, hasFeature } = useCan();
  return (
    <SettingsGroupPage
      title="Proposal settings"
      description="Numbering, the deposit asked, how long a proposal holds, and the terms the client accepts."
      allowed={can(P.PROPOSAL_SETTINGS) && hasFeature('proposals')}
      form={(settings) => (
        <SettingsGroupForm
          group="proposalSettings"
          current={settings.proposalSettings}
          saved="Proposal settings saved."
          intro="A new proposal is numbered with the prefix and the firm's next number (PR-1001), and starts with the deposit, the days it holds, the terms and the section approval below; each proposal may change them."
          fields={[
            { name: 'prefix', label: 'Number prefix' },
            {
              name: 'depositPercent',
              label: 'Deposit',
              type: 'percent',
              description: 'Of the total, paid up front.',
            },
            { name: 'validDays', label: 'Valid for', type: 'number', suffix: ' days' },
          ]}
          texts={[
            {
              name: 'terms',
              label: 'Terms',
              description: 'Printed under every proposal; the client accepts them when approving.',
            },
          ]}
          switches={[{ name: 'sectionApproval', label: 'Let the client approve each section on its own' }]}
        />
      )}
    />
  );
}
